import { Slot } from "radix-ui";
import type * as React from "react";
import { createContext, useContext, useId } from "react";
import {
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  useFormContext,
  useFormState,
} from "react-hook-form";
import { translateMessage } from "../../i18n/store";
import { cn } from "../../lib/cn";
import { Label } from "./label";

/**
 * react-hook-form bindings (shadcn "form" pattern):
 *
 *   const form = useForm({ resolver: zodResolver(Schema), defaultValues });
 *   <Form {...form}><form onSubmit={form.handleSubmit(save)}>
 *     <FormField control={form.control} name="username" render={({ field }) => (
 *       <FormItem>
 *         <FormLabel>Username</FormLabel>
 *         <FormControl><Input {...field} /></FormControl>
 *         <FormMessage />
 *       </FormItem>
 *     )} />
 *   </form></Form>
 *
 * FormControl wires id, aria-invalid and aria-describedby (the message); FormMessage shows the field's error.
 */
export const Form = FormProvider;

interface FieldContextValue {
  name: string;
}
const FieldContext = createContext<FieldContextValue | null>(null);
const ItemContext = createContext<{ id: string } | null>(null);

export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: ControllerProps<TValues, TName>,
) {
  return (
    <FieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FieldContext.Provider>
  );
}

export function useFormField() {
  const field = useContext(FieldContext);
  const item = useContext(ItemContext);
  const { getFieldState } = useFormContext();
  if (!field || !item) throw new Error("useFormField must be used inside <FormField> and <FormItem>");
  const formState = useFormState({ name: field.name });
  const state = getFieldState(field.name, formState);
  return {
    name: field.name,
    id: item.id,
    controlId: `${item.id}-control`,
    descriptionId: `${item.id}-description`,
    messageId: `${item.id}-message`,
    ...state,
  };
}

export function FormItem({ className, ...props }: React.ComponentProps<"div">) {
  const id = useId();
  return (
    <ItemContext.Provider value={{ id }}>
      <div data-slot="form-item" className={cn("grid gap-2", className)} {...props} />
    </ItemContext.Provider>
  );
}

export function FormLabel({ className, ...props }: React.ComponentProps<typeof Label>) {
  const { error, controlId } = useFormField();
  return (
    <Label
      data-error={!!error}
      className={cn("data-[error=true]:text-destructive", className)}
      htmlFor={controlId}
      {...props}
    />
  );
}

export function FormControl(props: React.ComponentProps<typeof Slot.Root>) {
  const { error, controlId, messageId } = useFormField();
  return (
    <Slot.Root
      id={controlId}
      aria-describedby={error ? messageId : undefined}
      aria-invalid={!!error}
      {...props}
    />
  );
}

export function FormDescription({ className, ...props }: React.ComponentProps<"p">) {
  const { descriptionId } = useFormField();
  return <p id={descriptionId} className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** The field's validation message (or `children` when there is none). */
export function FormMessage({ className, children, ...props }: React.ComponentProps<"p">) {
  const { error, messageId } = useFormField();
  // Schema messages are catalog keys (or a domain schema's English): shown in the language of now.
  const body = error ? translateMessage(String(error.message ?? "")) : children;
  if (!body) return null;
  return (
    <p
      id={messageId}
      role={error ? "alert" : undefined}
      className={cn("text-sm text-destructive", className)}
      {...props}
    >
      {body}
    </p>
  );
}
