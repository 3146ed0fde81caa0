import { z } from "zod";
import { bodyIdSchema, idSchema, optionalText, requiredText } from "./common";

export const MaterialInputSchema = z.object({
  typeName: requiredText("Material type is required"),
  colorName: requiredText("Color name is required"),
  colorCode: optionalText(100),
});
export type MaterialInput = z.input<typeof MaterialInputSchema>;

/** PUT body: the spec's client sends the id along; it must match the id in the path. */
export const MaterialUpdateSchema = MaterialInputSchema.extend({ id: bodyIdSchema });

export const MaterialSchema = z.object({
  id: idSchema,
  typeName: z.string(),
  colorName: z.string(),
  colorCode: z.string().nullable(),
});
export type Material = z.infer<typeof MaterialSchema>;

// In a module without zod, for the screens that only list.
export { materialLabel } from "./names";
