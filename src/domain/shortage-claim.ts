import { z } from "zod";

/** Supplier Shortages by receipt (CONTRACT.md section 16): one row per delivery with ticketed rolls. */
export const ReceiptShortageSchema = z.object({
  transactionId: z.number().int(),
  transactionNumber: z.string(),
  transactionDate: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  purchaseOrderId: z.number().int().nullable(),
  purchaseOrderNumber: z.string().nullable(),
  rolls: z.number().int(),
  ticketYards: z.number(),
  receivedYards: z.number(),
  shortYards: z.number(),
  shortPercent: z.number(),
  /** Money: sum of (ticket - received) x unit cost; admins only. */
  shortValue: z.number().optional(),
});
export type ReceiptShortage = z.infer<typeof ReceiptShortageSchema>;

export const ClaimRollSchema = z.object({
  rollId: z.number().int(),
  rollCode: z.string(),
  materialId: z.number().int(),
  typeName: z.string(),
  colorName: z.string(),
  batch: z.string(),
  /** The supplier's label length, or null (no claim for that roll). */
  ticketYards: z.number().nullable(),
  /** Measured at receipt. */
  receivedYards: z.number(),
  shortYards: z.number().nullable(),
  unitCost: z.number().optional(),
  shortValue: z.number().nullable().optional(),
});

/** The data of a printable claim for one delivery: the receipt, its order, each roll, the totals. */
export const ShortageClaimSchema = z.object({
  receipt: z.object({
    id: z.number().int(),
    number: z.string(),
    date: z.string(),
    referenceDocument: z.string().nullable(),
    warehouseName: z.string(),
  }),
  supplier: z.object({ id: z.number().int(), name: z.string(), contactInfo: z.string().nullable() }),
  purchaseOrder: z
    .object({ id: z.number().int(), number: z.string(), reference: z.string().nullable() })
    .nullable(),
  rolls: z.array(ClaimRollSchema),
  totals: z.object({
    /** Over the rolls with a ticket. */
    ticketYards: z.number(),
    receivedYards: z.number(),
    shortYards: z.number(),
    shortValue: z.number().optional(),
  }),
  currency: z.string().optional(),
});
export type ShortageClaim = z.infer<typeof ShortageClaimSchema>;
