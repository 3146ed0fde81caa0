import { z } from "zod";
import { PurchaseOrderSchema } from "./purchase-order";

/**
 * Reorder from Low Stock (CONTRACT.md section 16): one draft purchase order per supplier (the
 * material's last supplier) and warehouse, for the yards that bring each low material up to its
 * reorder point (its type+color threshold) counting what is already on order. A draft is not
 * stored: the screen edits it and sends it as POST /api/purchase-orders.
 */
export const ReorderLineSchema = z.object({
  materialId: z.number().int(),
  typeName: z.string(),
  colorName: z.string(),
  /** Reorder point - available - on order: what the draft orders. */
  yards: z.number(),
  availableYards: z.number(),
  onOrderYards: z.number(),
  reorderPointYards: z.number().int(),
  /** The last receipt's unit cost of the material from that supplier; admins only. */
  unitCost: z.number().nullable().optional(),
});

export const ReorderDraftSchema = z.object({
  /** null: the material was never received from any supplier (the screen asks for one). */
  supplierId: z.number().int().nullable(),
  supplierName: z.string().nullable(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  lines: z.array(ReorderLineSchema),
});
export type ReorderDraft = z.infer<typeof ReorderDraftSchema>;

/** The data of a printable purchase order. */
export const PurchaseOrderPrintSchema = z.object({
  order: PurchaseOrderSchema,
  supplier: z.object({ name: z.string(), contactInfo: z.string().nullable() }),
  warehouse: z.object({ name: z.string(), location: z.string().nullable() }),
  /** Admins only: yards x unit cost per line (null without a cost) and the order's total. */
  lineAmounts: z.array(z.number().nullable()).optional(),
  totalAmount: z.number().optional(),
  currency: z.string().optional(),
});
export type PurchaseOrderPrint = z.infer<typeof PurchaseOrderPrintSchema>;
