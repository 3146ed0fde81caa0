import { z } from "zod";
import { idSchema, optionalText, requiredText } from "./common";

export const SupplierInputSchema = z.object({
  name: requiredText("Supplier name is required"),
  contactInfo: optionalText(),
});
export type SupplierInput = z.input<typeof SupplierInputSchema>;

export const SupplierSchema = z.object({
  id: idSchema,
  name: z.string(),
  contactInfo: z.string().nullable(),
});
export type Supplier = z.infer<typeof SupplierSchema>;
