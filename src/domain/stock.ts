import { z } from "zod";

/** The stable key of a stock row: one (material, batch, warehouse). */
export function stockKey(row: { materialId: number; batch: string; warehouseId: number }): string {
  return `${row.materialId}:${row.batch}:${row.warehouseId}`;
}

/** A row of GET /api/stock-levels (spec section 3, CONTRACT.md section 3). */
export const StockLevelSchema = z.object({
  /** "materialId:batch:warehouseId" */
  id: z.string(),
  materialId: z.number().int(),
  typeName: z.string(),
  colorName: z.string(),
  batch: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  availableYards: z.number(),
  /** Yards of the row's rolls held by orders (CONTRACT.md section 15); 0 as of a past date. */
  reservedYards: z.number(),
  /** The applicable threshold (batch-level, else type+color-level), or null. */
  thresholdYards: z.number().int().nullable(),
  isLowStock: z.boolean(),
  /** Yards of the material still expected at the warehouse by open purchase orders (CONTRACT.md section 16). */
  onOrderYards: z.number(),
  /** ISO-8601 UTC timestamp of the last posting that touched this row. */
  lastUpdated: z.string(),
  /** The value of the row's rolls (with asOf: at the end of that date); admins only, absent for other roles. */
  valueAmount: z
    .number()
    .optional()
    .describe(
      "The value of the row's rolls (asOf: at the end of that date); admins only (absent for other roles)",
    ),
  /** valueAmount / availableYards to 4 decimals, null at 0 yards; admins only, absent for other roles. */
  unitCost: z
    .number()
    .nullable()
    .optional()
    .describe("valueAmount per yard (4 decimals; null at 0 yards); admins only (absent for other roles)"),
});
export type StockLevel = z.infer<typeof StockLevelSchema>;
