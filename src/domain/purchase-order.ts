import { z } from "zod";
import { idSchema, isoDateSchema, optionalText } from "./common";
import { errorText } from "./error-text";
import { unitCostSchema } from "./money";
import { positiveYardsSchema } from "./yards";

/** Purchase orders (CONTRACT.md section 16). */
export const PURCHASE_ORDER_STATUSES = ["Open", "Partly Received", "Received", "Closed"] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const MAX_PURCHASE_ORDER_LINES = 500;

export const PurchaseOrderLineInputSchema = z.strictObject({
  materialId: idSchema,
  yards: positiveYardsSchema,
  unitCost: unitCostSchema.nullish(),
});

export const PurchaseOrderInputSchema = z
  .strictObject({
    supplierId: idSchema,
    warehouseId: idSchema,
    expectedDate: isoDateSchema.nullish(),
    reference: optionalText(100),
    lines: z
      .array(PurchaseOrderLineInputSchema)
      .min(1, errorText("PURCHASE_ORDER_NO_LINES"))
      .max(
        MAX_PURCHASE_ORDER_LINES,
        errorText("PURCHASE_ORDER_TOO_MANY_LINES", { max: MAX_PURCHASE_ORDER_LINES }),
      ),
  })
  .superRefine((order, ctx) => {
    const seen = new Map<number, number>();
    order.lines.forEach((line, i) => {
      const first = seen.get(line.materialId);
      if (first !== undefined) {
        ctx.addIssue({
          // Stryker disable next-line StringLiteral: equivalent, an answer's code is read from the message (codeOfMessage), never from zod's issue code
          code: "custom",
          path: ["lines", i, "materialId"],
          message: errorText("PURCHASE_ORDER_SAME_MATERIAL", { line: i + 1, first: first + 1 }),
        });
      } else seen.set(line.materialId, i);
    });
  });
export type PurchaseOrderInput = z.output<typeof PurchaseOrderInputSchema>;

export const PurchaseOrderLineSchema = z.object({
  id: idSchema,
  lineNo: z.int(),
  materialId: idSchema,
  typeName: z.string(),
  colorName: z.string(),
  yards: z.number(),
  receivedYards: z.number(),
  /** Admins only (money, CONTRACT.md section 6). */
  unitCost: z.number().nullable().optional(),
});

export const PurchaseOrderSchema = z.object({
  id: idSchema,
  number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplierId: idSchema,
  supplierName: z.string(),
  warehouseId: idSchema,
  warehouseName: z.string(),
  expectedDate: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  closedAt: z.string().nullable(),
  totalYards: z.number(),
  receivedYards: z.number(),
  lines: z.array(PurchaseOrderLineSchema),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;
