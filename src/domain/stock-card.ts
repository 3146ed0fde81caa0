import { z } from "zod";

/**
 * The stock card (CONTRACT.md section 10): every ledger line of one material (optionally one batch
 * and/or one warehouse) in date then posting order, with the running balance of that scope.
 */
export const StockCardLineSchema = z.object({
  /** The ledger line's id (a transaction may have several lines in the scope: one per roll). */
  lineId: z.number().int(),
  /** The transaction's date, yyyy-MM-dd. */
  date: z.string(),
  transactionId: z.number().int(),
  transactionNumber: z.string(),
  transactionType: z.string(),
  /** formatRollCode of the line's roll; null for lines written before rolls. */
  rollCode: z.string().nullable(),
  /** The roll's id (the screen links to it); null with rollCode. */
  rollId: z.number().int().nullable(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  batch: z.string(),
  /** Signed: + in, - out. */
  yardsChange: z.number(),
  /** The scope's balance after this line. */
  balanceYards: z.number(),
});
export type StockCardLine = z.infer<typeof StockCardLineSchema>;

export const StockCardSchema = z.object({
  /** The scope's balance at the end of the day before startDate (0 without startDate). */
  openingYards: z.number(),
  lines: z.array(StockCardLineSchema),
  /** openingYards + the lines' changes: the balance at the end of endDate. */
  closingYards: z.number(),
});
export type StockCard = z.infer<typeof StockCardSchema>;
