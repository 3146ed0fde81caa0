import { z } from "zod";
import { COST_CORRECTION_TYPE } from "./cost-correction-kind";
import { TRANSACTION_TYPES } from "./transaction-kinds";

/** Response shapes of GET /api/transactions, /api/transactions/{id}, /api/transactions/counts. */

export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES);

export const TransactionListRowSchema = z.object({
  id: z.number().int(),
  transactionNumber: z.string(),
  transactionDate: z.string(),
  transactionType: TransactionTypeSchema,
  supplierName: z.string().nullable(),
  warehouseName: z.string().nullable(),
  sourceWarehouseName: z.string().nullable(),
  destinationWarehouseName: z.string().nullable(),
  referenceDocument: z.string().nullable(),
  reasonCode: z.string().nullable(),
  /** Items of the posting; a transfer item is two ledger lines but counts once. */
  detailsCount: z.number().int(),
  /** Corrections (CONTRACT.md section 10): the number this one reverses / the number of its reversal. */
  reversesNumber: z.string().nullable(),
  reversedByNumber: z.string().nullable(),
  /**
   * A cost correction (CONTRACT.md section 16; stored as a Receive of 0 yards): the receipt whose
   * costs it sets. Screens and exports name such a row "Cost Correction"; null on every other row.
   */
  correctsNumber: z
    .string()
    .nullable()
    .describe("A cost correction's receipt number (its transactionType stays Receive); null otherwise"),
});
export type TransactionListRow = z.infer<typeof TransactionListRowSchema>;

/** One count per stored type; "Cost Correction" counts the corrections, which "Receive" leaves out. */
export const TransactionCountsSchema = z.object(
  Object.fromEntries(
    [...TRANSACTION_TYPES, COST_CORRECTION_TYPE].map((t) => [t, z.number().int()]),
  ) as Record<(typeof TRANSACTION_TYPES)[number] | typeof COST_CORRECTION_TYPE, z.ZodNumber>,
);
export type TransactionCounts = z.infer<typeof TransactionCountsSchema>;

export const TransactionHeaderSchema = z.object({
  id: z.number().int(),
  transactionNumber: z.string(),
  transactionType: TransactionTypeSchema,
  transactionDate: z.string(),
  supplierName: z.string().nullable(),
  sourceName: z.string().nullable(),
  destinationName: z.string().nullable(),
  warehouseName: z.string().nullable(),
  referenceDocument: z.string().nullable(),
  reasonCode: z.string().nullable(),
  notes: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** The items take one material from two or more batches (dye lots; CONTRACT.md section 9). */
  mixedLots: z.boolean(),
  /** Corrections (CONTRACT.md section 10): the transaction this one reverses, and why. */
  reversesId: z.number().int().nullable(),
  reversesNumber: z.string().nullable(),
  reversalReason: z.string().nullable(),
  /** The reversal of this transaction, when it was reversed. */
  reversedById: z.number().int().nullable(),
  reversedByNumber: z.string().nullable(),
  /** The count session that posted it (CONTRACT.md section 14); left out when none did. */
  countSession: z.object({ id: z.number().int(), number: z.string() }).optional(),
  /** A cost correction (CONTRACT.md section 16): the receipt whose costs it sets; left out otherwise. */
  corrects: z.object({ id: z.number().int(), number: z.string() }).optional(),
  /** A receipt's cost corrections, oldest first; left out when it has none. */
  costCorrections: z
    .array(z.object({ id: z.number().int(), number: z.string(), date: z.string() }))
    .optional(),
});

export const TransactionDetailLineSchema = z.object({
  id: z.number().int(),
  materialId: z.number().int(),
  typeName: z.string(),
  colorName: z.string(),
  batch: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  /** Signed yards. */
  yardsChange: z.number(),
  /** Stock opname only: the balance read when posting, and the counted yards. */
  previousYards: z.number().nullable(),
  countedYards: z.number().nullable(),
  /** The roll this line changed (CONTRACT.md section 8); null on lines from before rolls. */
  rollId: z.number().int().nullable(),
  rollCode: z.string().nullable(),
  /** A cost correction's value-only line: the type of the movement it corrects; left out otherwise. */
  valueType: z.string().optional(),
  /** The line's value change (money); admins only, absent for other roles (CONTRACT.md section 6). */
  valueChange: z.number().optional(),
});

export const TransactionDetailSchema = z.object({
  header: TransactionHeaderSchema,
  details: z.array(TransactionDetailLineSchema),
});
export type TransactionDetail = z.infer<typeof TransactionDetailSchema>;
export type TransactionDetailLine = z.infer<typeof TransactionDetailLineSchema>;
