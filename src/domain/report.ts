import { z } from "zod";
import { AGE_BAND_NAMES } from "./report-constants";
import { StockLevelSchema } from "./stock";

// The figures the screens need without zod (constants, sumYards) are in report-constants.ts.
export {
  AGE_BAND_NAMES,
  DAILY_MOVEMENT_DAYS,
  RECENT_ACTIVITY_DAYS,
  STOCK_GROUP_BYS,
  STOCK_GROUP_LABELS,
  type StockGroupBy,
  sumYards,
} from "./report-constants";

/**
 * Response shapes of the dashboard and the four reports (GET /api/dashboard, /api/reports/*),
 * shared by the server's route schemas and the client.
 */

export const DailyMovementSchema = z.object({
  date: z.string().describe("yyyy-MM-dd"),
  inYards: z.number().describe("Sum of the positive line changes of that day, transfers excluded"),
  outYards: z.number().describe("Sum of the magnitudes of the negative line changes, transfers excluded"),
});
export type DailyMovement = z.infer<typeof DailyMovementSchema>;

export const WarehouseStockSchema = z.object({
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  totalYards: z.number(),
});
export type WarehouseStock = z.infer<typeof WarehouseStockSchema>;

/**
 * What a new installation has set up, in the order it is done (the dashboard's "Get started" card,
 * issue 13): at least one warehouse, supplier and material in use (archived ones do not count: the
 * pickers leave them out), and at least one transaction recorded.
 */
export const SetupProgressSchema = z.object({
  warehouses: z.boolean(),
  suppliers: z.boolean(),
  materials: z.boolean(),
  transactions: z.boolean(),
});
export type SetupProgress = z.infer<typeof SetupProgressSchema>;

export const DashboardSchema = z.object({
  /** The server's date the figures are computed for (yyyy-MM-dd). */
  today: z.string(),
  totalMaterials: z.number().int(),
  totalStock: z.number(),
  lowStockCount: z.number().int(),
  /** Transactions dated within the last RECENT_ACTIVITY_DAYS days, today included. */
  recentTransactionsCount: z.number().int(),
  /** Every warehouse, by name, zeros included. */
  stockByWarehouse: z.array(WarehouseStockSchema),
  /** DAILY_MOVEMENT_DAYS entries, oldest first, every day present. */
  dailyMovement: z.array(DailyMovementSchema),
  setup: SetupProgressSchema,
  /** Money: the value of all stock now (CONTRACT.md section 11); admins only, absent for other roles. */
  stockValue: z
    .number()
    .optional()
    .describe("Money: the value of all stock now; admins only (absent for other roles)"),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const StockStatusGroupSchema = z.object({
  group: z.string(),
  totalAvailableYards: z.number(),
  /** Number of stock rows (material, batch, warehouse) in the group. */
  items: z.number().int(),
});
export type StockStatusGroup = z.infer<typeof StockStatusGroupSchema>;

export const LOW_STOCK_STATUSES = ["Out of Stock", "Low Stock"] as const;

/**
 * A row of the Low Stock report (CONTRACT.md section 3): a batch row (batch set; its batch-level
 * threshold reached) or a material row (batch null, "All Batches": the material's total in the
 * warehouse at or below its type+color-level threshold; id "materialId::warehouseId").
 */
export const LowStockRowSchema = StockLevelSchema.omit({ reservedYards: true }).extend({
  batch: z.string().nullable().describe("null: a material row, all batches together (All Batches)"),
  status: z.enum(LOW_STOCK_STATUSES),
});
export type LowStockRow = z.infer<typeof LowStockRowSchema>;

export const AgeBandSchema = z.enum(AGE_BAND_NAMES);

export const AgingRowSchema = z.object({
  materialId: z.number().int(),
  typeName: z.string(),
  colorName: z.string(),
  batch: z.string(),
  /** yyyy-MM-dd: the earliest date that added yards to this batch, in any warehouse. */
  firstReceived: z.string(),
  ageInDays: z.number().int(),
  availableYards: z.number(),
  status: AgeBandSchema,
});
export type AgingRow = z.infer<typeof AgingRowSchema>;

/** Sum of availableYards per band (the report's four cards). */
export const AgingSummarySchema = z.object({
  New: z.number(),
  Normal: z.number(),
  Aging: z.number(),
  Old: z.number(),
});
export type AgingSummary = z.infer<typeof AgingSummarySchema>;

/** yyyy-MM-dd plus `days` (negative goes back), by the calendar: no time zone or DST involved. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
