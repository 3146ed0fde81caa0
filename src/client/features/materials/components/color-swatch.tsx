import { cn } from "../../../lib/cn";
import { isPaintableColor } from "../color-code";

/** A small square painted with the colour code; an empty dashed square when it is not a colour. */
export function ColorSwatch({ code, className }: { code: string | null | undefined; className?: string }) {
  const paintable = isPaintableColor(code);
  return (
    <span
      aria-hidden="true"
      data-slot="color-swatch"
      className={cn(
        "inline-block size-5 shrink-0 rounded border border-black/15 shadow-xs",
        !paintable && "border-dashed border-muted-foreground/40 shadow-none",
        className,
      )}
      style={paintable ? { backgroundColor: code } : undefined}
    />
  );
}
