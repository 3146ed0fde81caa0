import { useT } from "../i18n";
import { formatLength } from "../lib/format";

/** A stat card's length: "1,365.25" (or "1.248,38") with a smaller "yards" (or "meter") after it. */
export function LengthValue({ yards }: { yards: number }) {
  const { t, lengthUnit } = useT();
  return (
    <>
      {formatLength(yards)}{" "}
      <span className="text-sm font-normal text-muted-foreground">
        {t("common.length.unitWord", { unit: lengthUnit })}
      </span>
    </>
  );
}
