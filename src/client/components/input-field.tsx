import type { ComponentProps } from "react";
import type { ControllerProps, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./ui/form";
import { Input } from "./ui/input";

type InputProps = Omit<ComponentProps<typeof Input>, "name" | "value" | "onChange" | "onBlur" | "ref">;

/**
 * One labelled text input of a react-hook-form form, with its description and validation message
 * (the sign-in, first-run, user and password forms). Other props go to the input.
 */
export function InputField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  description,
  ...input
}: {
  control: ControllerProps<TValues, TName>["control"];
  name: TName;
  label: string;
  description?: string;
} & InputProps) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...input} {...field} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A username input: no capitals or spelling fixes from the phone's keyboard. */
export const USERNAME_INPUT = {
  autoComplete: "username",
  autoCapitalize: "none",
  spellCheck: false,
} as const;
