import { z } from "zod";
import { activeSchema, bodyIdSchema, idSchema, optionalText, requiredText } from "./common";
import { errorText } from "./error-text";

export const WarehouseInputSchema = z.object({
  name: requiredText(errorText("WAREHOUSE_NAME_REQUIRED")),
  location: optionalText(),
  isActive: activeSchema,
});
export type WarehouseInput = z.input<typeof WarehouseInputSchema>;

/** PUT body: the spec's client sends the id along; it must match the id in the path. */
export const WarehouseUpdateSchema = WarehouseInputSchema.extend({ id: bodyIdSchema });

export const WarehouseSchema = z.object({
  id: idSchema,
  name: z.string(),
  location: z.string().nullable(),
  /** False once archived (CONTRACT.md section 5): kept in history, out of pickers and new postings. */
  isActive: z.boolean(),
});
export type Warehouse = z.infer<typeof WarehouseSchema>;
