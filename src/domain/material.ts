import { z } from "zod";
import { activeSchema, bodyIdSchema, idSchema, optionalText, requiredText } from "./common";

export const MaterialInputSchema = z.object({
  typeName: requiredText("Material type is required"),
  colorName: requiredText("Color name is required"),
  colorCode: optionalText(100),
  isActive: activeSchema,
});
export type MaterialInput = z.input<typeof MaterialInputSchema>;

/** PUT body: the spec's client sends the id along; it must match the id in the path. */
export const MaterialUpdateSchema = MaterialInputSchema.extend({ id: bodyIdSchema });

export const MaterialSchema = z.object({
  id: idSchema,
  typeName: z.string(),
  colorName: z.string(),
  colorCode: z.string().nullable(),
  /** False once archived (CONTRACT.md section 5): kept in history, out of pickers and new postings. */
  isActive: z.boolean(),
});
export type Material = z.infer<typeof MaterialSchema>;

// In a module without zod, for the screens that only list.
export { materialLabel } from "./names";
