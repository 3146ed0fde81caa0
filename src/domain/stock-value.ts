import { z } from "zod";

/**
 * The value reports (CONTRACT.md section 11, issue 17): GET /api/reports/stock-value and
 * GET /api/reports/movement-value, admin only. Shared by the server's route schemas and the client.
 */

export const STOCK_VALUE_GROUP_BYS = ["warehouse", "material", "type", "batch"] as const;
export type StockValueGroupBy = (typeof STOCK_VALUE_GROUP_BYS)[number];

export const MOVEMENT_VALUE_GROUP_BYS = ["type", "material", "warehouse"] as const;
export type MovementValueGroupBy = (typeof MOVEMENT_VALUE_GROUP_BYS)[number];

/** The column title of each grouping (screens and exports). */
export const STOCK_VALUE_GROUP_LABELS: Record<StockValueGroupBy, string> = {
  warehouse: "Warehouse",
  material: "Material",
  type: "Type",
  batch: "Batch",
};
export const MOVEMENT_VALUE_GROUP_LABELS: Record<MovementValueGroupBy, string> = {
  type: "Transaction Type",
  material: "Material",
  warehouse: "Warehouse",
};

export const StockValueRowSchema = z.object({
  /** Warehouse name, "Type / Color", material type name, or batch. */
  group: z
    .string()
    .describe('The name shown: warehouse name, "Type / Color", type, batch or transaction type'),
  totalYards: z.number(),
  /** Money: the sum of the rolls' values, to the ten-thousandth. */
  valueAmount: z.number().describe("Money (the installation's currency), to the ten-thousandth"),
  /** groupBy=material or batch: the material. */
  materialId: z.number().int().optional().describe("groupBy=material or batch: the material"),
  /** groupBy=warehouse: the warehouse. */
  warehouseId: z.number().int().optional().describe("groupBy=warehouse: the warehouse"),
});
export type StockValueRow = z.infer<typeof StockValueRowSchema>;

export const MovementValueRowSchema = StockValueRowSchema.extend({
  /** groupBy=type: the transaction type (the stored name, e.g. "Production Usage"). */
  transactionType: z.string().optional().describe("groupBy=type: the transaction type"),
});
export type MovementValueRow = z.infer<typeof MovementValueRowSchema>;

/** The group name of a material: "Type / Color". */
export function materialGroupName(typeName: string, colorName: string): string {
  return `${typeName} / ${colorName}`;
}
