import type { Control, FieldValues, Path } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";

interface TextFormFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder?: string;
  /** A few lines instead of one (contact information). */
  multiline?: boolean;
}

/** A labelled text input with its validation message; null (an optional field left empty) shows as "". */
export function TextFormField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  multiline = false,
}: TextFormFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {multiline ? (
              <Textarea rows={3} placeholder={placeholder} {...field} value={field.value ?? ""} />
            ) : (
              <Input autoComplete="off" placeholder={placeholder} {...field} value={field.value ?? ""} />
            )}
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
