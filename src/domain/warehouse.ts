import { z } from "zod";
import { idSchema, optionalText, requiredText } from "./common";

export const WarehouseInputSchema = z.object({
  name: requiredText("Warehouse name is required"),
  location: optionalText(),
});
export type WarehouseInput = z.input<typeof WarehouseInputSchema>;

export const WarehouseSchema = z.object({
  id: idSchema,
  name: z.string(),
  location: z.string().nullable(),
});
export type Warehouse = z.infer<typeof WarehouseSchema>;
