import type { ComponentProps } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { useT } from "../i18n";
import { cn } from "../lib/cn";
import { LabelledField, type LabelledFieldProps, splitLabelled } from "./input-field";
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
export function LengthField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: LabelledFieldProps<TValues, TName> & InputProps,
) {
  const { t, lengthUnit } = useT();
  const [labelled, input] = splitLabelled(props);
  return (
    <LabelledField
      {...labelled}
      // The label comes without the unit: "Length" becomes "Length (m)".
      label={t("common.length.label", { label: labelled.label, unit: lengthUnit })}
      input={(field) => <LengthInput {...input} {...field} />}
    />
  );
}
