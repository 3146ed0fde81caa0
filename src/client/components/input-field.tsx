import type { ComponentProps, ReactNode } from "react";
import type { ControllerProps, ControllerRenderProps, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./ui/form";
import { Input } from "./ui/input";

type InputProps = Omit<ComponentProps<typeof Input>, "name" | "value" | "onChange" | "onBlur" | "ref">;

/** What a labelled field of a react-hook-form form is told: which field, its label and description. */
export interface LabelledFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  control: ControllerProps<TValues, TName>["control"];
  name: TName;
  label: string;
  description?: string;
}

/** A field component's props: those of the labelled field, and the rest, which go to its input. */
export function splitLabelled<TValues extends FieldValues, TName extends FieldPath<TValues>, TRest>(
  props: LabelledFieldProps<TValues, TName> & TRest,
): [LabelledFieldProps<TValues, TName>, Omit<typeof props, keyof LabelledFieldProps<TValues, TName>>] {
  const { control, name, label, description, ...rest } = props;
  return [{ control, name, label, description }, rest];
}

/**
 * The label, description and validation message around one input of a react-hook-form form;
 * `input` draws the input itself, bound to the field (a text box, a length box).
 */
export function LabelledField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  description,
  input,
}: LabelledFieldProps<TValues, TName> & {
  input: (field: ControllerRenderProps<TValues, TName>) => ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>{input(field)}</FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * One labelled text input of a react-hook-form form, with its description and validation message
 * (the sign-in, first-run, user and password forms). Other props go to the input.
 */
export function InputField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: LabelledFieldProps<TValues, TName> & InputProps,
) {
  const [labelled, input] = splitLabelled(props);
  return <LabelledField {...labelled} input={(field) => <Input {...input} {...field} />} />;
}

/** A username input: no capitals or spelling fixes from the phone's keyboard. */
export const USERNAME_INPUT = {
  autoComplete: "username",
  autoCapitalize: "none",
  spellCheck: false,
} as const;
