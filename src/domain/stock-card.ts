import { z } from "zod";
import { e4ToMoney, moneyToE4 } from "./money";
import { centiToYards, yardsToCenti } from "./yards";

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
  /** The transaction's reference (PO/Reference No.), null when it has none. */
  reference: z.string().nullable(),
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
  /** A cost correction's line (CONTRACT.md section 16): the receipt it corrects; left out otherwise. */
  correctsNumber: z.string().optional(),
});
export type StockCardLine = z.infer<typeof StockCardLineSchema>;

/**
 * One transaction of the card (CONTRACT.md section 12): its lines in the scope folded together,
 * the balance after the last of them. The screen shows one row per transaction, its rolls under it.
 */
export const StockCardTransactionSchema = z.object({
  transactionId: z.number().int(),
  date: z.string(),
  transactionNumber: z.string(),
  transactionType: z.string(),
  reference: z.string().nullable(),
  /** A cost correction: the receipt it corrects; left out otherwise. */
  correctsNumber: z.string().optional(),
  /** The warehouses and batches of its lines, in line order, each once. */
  warehouseNames: z.array(z.string()),
  batches: z.array(z.string()),
  /** Its lines in the scope (one per roll), in posting order. */
  lineIds: z.array(z.number().int()),
  /** The sum of its lines' changes (a transfer within the scope nets to 0). */
  yardsChange: z.number(),
  /** The scope's balance after its last line. */
  balanceYards: z.number(),
  /** The sum of its lines' value changes; admins only, absent for other roles. */
  valueAmount: z
    .number()
    .optional()
    .describe("The sum of its lines' valueAmount; admins only (absent for other roles)"),
});
export type StockCardTransaction = z.infer<typeof StockCardTransactionSchema>;

export const StockCardSchema = z.object({
  /** The scope's balance at the end of the day before startDate (0 without startDate). */
  openingYards: z.number(),
  lines: z.array(StockCardLineSchema),
  /** The lines grouped per transaction, in the same order. */
  transactions: z.array(StockCardTransactionSchema),
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

const addOnce = (list: string[], value: string) => {
  if (!list.includes(value)) list.push(value);
};

/**
 * The card's lines folded per transaction. They come in date then posting order (transaction, then
 * line), so a transaction's lines are consecutive. Sums in hundredths and ten-thousandths stay exact.
 */
export function transactionsOfCard(lines: readonly StockCardLine[]): StockCardTransaction[] {
  const out: StockCardTransaction[] = [];
  let changeCenti = 0;
  let valueE4 = 0;
  for (const line of lines) {
    let group = out.at(-1);
    if (!group || group.transactionId !== line.transactionId) {
      group = {
        transactionId: line.transactionId,
        date: line.date,
        transactionNumber: line.transactionNumber,
        transactionType: line.transactionType,
        reference: line.reference,
        ...(line.correctsNumber ? { correctsNumber: line.correctsNumber } : {}),
        warehouseNames: [],
        batches: [],
        lineIds: [],
        yardsChange: 0,
        balanceYards: 0,
      };
      out.push(group);
      changeCenti = 0;
      valueE4 = 0;
    }
    addOnce(group.warehouseNames, line.warehouseName);
    addOnce(group.batches, line.batch);
    group.lineIds.push(line.lineId);
    changeCenti += yardsToCenti(line.yardsChange);
    group.yardsChange = centiToYards(changeCenti);
    group.balanceYards = line.balanceYards;
    if (line.valueAmount !== undefined) {
      valueE4 += moneyToE4(line.valueAmount);
      group.valueAmount = e4ToMoney(valueE4);
    }
  }
  return out;
}
