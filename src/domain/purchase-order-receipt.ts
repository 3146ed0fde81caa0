import { z } from "zod";

/**
 * A posting made against a purchase order (CONTRACT.md section 16): a receipt, or the reversal of
 * one. The order's detail links to each; yards are the posting's net change (negative for a reversal).
 */
export const PurchaseOrderReceiptSchema = z.object({
  id: z.number().int(),
  transactionNumber: z.string(),
  transactionDate: z.string(),
  isReversal: z.boolean(),
  yards: z.number(),
});
export type PurchaseOrderReceipt = z.infer<typeof PurchaseOrderReceiptSchema>;
