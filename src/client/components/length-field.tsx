import type { ComponentProps } from "react";
import type { ControllerProps, FieldPath, FieldValues } from "react-hook-form";
import { useT } from "../i18n";
import { cn } from "../lib/cn";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./ui/form";
import { Input } from "./ui/input";

type InputProps = Omit<
  ComponentProps<typeof Input>,
  "name" | "value" | "onChange" | "onBlur" | "ref" | "type"
>;

/**
 * A length typed in the user's unit and decimal mark, the unit shown inside the box ("12,5 m").
 * A plain input: the form keeps the text, and lib/length-schema.ts's `typedLength()` turns it into
 * yards for the API (or refuses it with a message that says why).
 */
export function LengthInput({ className, ...props }: ComponentProps<typeof Input>) {
  const { lengthUnit } = useT();
  return (
    <div className="relative">
      <Input
        inputMode="decimal"
        autoComplete="off"
        className={cn("pr-10 tabular-nums", className)}
        {...props}
        type="text"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
      >
        {lengthUnit}
      </span>
    </div>
  );
}

/** A labelled LengthInput of a react-hook-form form; the label says the unit for screen readers. */
export function LengthField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  description,
  ...input
}: {
  control: ControllerProps<TValues, TName>["control"];
  name: TName;
  /** Without the unit: "Length" becomes "Length (m)". */
  label: string;
  description?: string;
} & InputProps) {
  const { t, lengthUnit } = useT();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("common.length.label", { label, unit: lengthUnit })}</FormLabel>
          <FormControl>
            <LengthInput {...input} {...field} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
