import { z } from "zod";
import { bodyIdSchema, idSchema, optionalText, requiredText } from "./common";

export const SupplierInputSchema = z.object({
  name: requiredText("Supplier name is required"),
  // A few lines (the form's textarea): tab and line breaks allowed.
  contactInfo: optionalText(1000, { multiline: true }),
});
export type SupplierInput = z.input<typeof SupplierInputSchema>;

/** PUT body: the spec's client sends the id along; it must match the id in the path. */
export const SupplierUpdateSchema = SupplierInputSchema.extend({ id: bodyIdSchema });

export const SupplierSchema = z.object({
  id: idSchema,
  name: z.string(),
  contactInfo: z.string().nullable(),
});
export type Supplier = z.infer<typeof SupplierSchema>;
