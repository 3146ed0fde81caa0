import { z } from "zod";
import { RollSchema } from "./roll";

/**
 * Supplier shortages (CONTRACT.md section 8): per supplier, over the rolls received from it with a
 * ticket length, how much shorter the measured lengths were than the tickets said.
 */
export const SupplierShortageSchema = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  /** Rolls received with a ticket length in the period. */
  rolls: z.number().int(),
  ticketYards: z.number(),
  /** Measured when they came in. */
  receivedYards: z.number(),
  /** ticket - received, summed (negative when the supplier sent more than its tickets said). */
  shortYards: z.number(),
  /** shortYards / ticketYards x 100, rounded to 2 decimals. */
  shortPercent: z.number(),
  /** Money: sum over its rolls of (ticket - received) x unit cost; admins only, absent for other roles. */
  shortValue: z.number().optional().describe("Money: sum of (ticket - received) x unit cost; admins only"),
});
export type SupplierShortage = z.infer<typeof SupplierShortageSchema>;

/** A roll of the drill-down (`supplier` given): the roll, its ticket, and how short it came. */
export const SupplierShortageRollSchema = RollSchema.extend({
  ticketYards: z.number(),
  shortYards: z.number(),
  /** Money: (ticket - received) x the roll's unit cost; admins only. The supplier's Short Value sums these. */
  shortValue: z.number().optional().describe("Money: (ticket - received) x unit cost; admins only"),
});
export type SupplierShortageRoll = z.infer<typeof SupplierShortageRollSchema>;

/** short / ticket x 100 with 2 decimals, from hundredths (exact integers; ticket > 0). */
export function shortPercentOf(shortCenti: number, ticketCenti: number): number {
  if (ticketCenti <= 0) return 0;
  return Math.round((shortCenti * 10000) / ticketCenti) / 100;
}
