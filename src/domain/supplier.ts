import { z } from "zod";
import { activeSchema, bodyIdSchema, idSchema, optionalText, requiredText } from "./common";
import { errorText } from "./error-text";

export const SupplierInputSchema = z.object({
  name: requiredText(errorText("SUPPLIER_NAME_REQUIRED")),
  // A few lines (the form's textarea): tab and line breaks allowed.
  contactInfo: optionalText(1000, { multiline: true }),
  isActive: activeSchema,
});
export type SupplierInput = z.input<typeof SupplierInputSchema>;

/** PUT body: the spec's client sends the id along; it must match the id in the path. */
export const SupplierUpdateSchema = SupplierInputSchema.extend({ id: bodyIdSchema });

export const SupplierSchema = z.object({
  id: idSchema,
  name: z.string(),
  contactInfo: z.string().nullable(),
  /** False once archived (CONTRACT.md section 5): kept in history, out of pickers and new postings. */
  isActive: z.boolean(),
});
export type Supplier = z.infer<typeof SupplierSchema>;
