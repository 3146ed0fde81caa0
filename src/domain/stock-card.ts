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
  /** The line's roll's cost per yard (null without a roll); admins only, absent for other roles. */
  unitCost: z
    .number()
    .nullable()
    .optional()
    .describe("The line's roll's cost per yard (null without a roll); admins only (absent for other roles)"),
  /** The line's value change (signed like the yards); admins only, absent for other roles. */
  valueAmount: z
    .number()
    .optional()
    .describe("The line's value change, signed like yardsChange; admins only (absent for other roles)"),
});
export type StockCardLine = z.infer<typeof StockCardLineSchema>;

export const StockCardSchema = z.object({
  /** The scope's balance at the end of the day before startDate (0 without startDate). */
  openingYards: z.number(),
  lines: z.array(StockCardLineSchema),
  /** openingYards + the lines' changes: the balance at the end of endDate. */
  closingYards: z.number(),
  /** The scope's value at the end of the day before startDate; admins only, absent for other roles. */
  openingValue: z
    .number()
    .optional()
    .describe("The scope's value before startDate; admins only (absent for other roles)"),
  /** openingValue + the lines' value changes; admins only, absent for other roles. */
  closingValue: z
    .number()
    .optional()
    .describe("openingValue + the lines' valueAmount; admins only (absent for other roles)"),
});
export type StockCard = z.infer<typeof StockCardSchema>;
