import { z } from "zod";
import { idSchema, isoDateSchema, optionalText, requiredText } from "./common";
import { errorText } from "./error-text";
import { positiveYardsSchema } from "./yards";

/** Orders and reservations (CONTRACT.md section 15). */
export const ORDER_STATUSES = ["Open", "Reserved", "Partly Fulfilled", "Fulfilled", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses whose reservations still hold and which a usage may fulfil. */
export const LIVE_ORDER_STATUSES: readonly OrderStatus[] = ["Open", "Reserved", "Partly Fulfilled"];
export const MAX_ORDER_LINES = 100;

export const OrderLineInputSchema = z.strictObject({
  materialId: idSchema,
  yards: positiveYardsSchema,
  /** All the line's yards from one batch (dye lot); the default. */
  oneLot: z.boolean().default(true),
  /** All the line's yards from one roll (implies one lot). */
  onePiece: z.boolean().default(false),
});

export const OrderInputSchema = z.strictObject({
  reference: requiredText(errorText("ORDER_REFERENCE_REQUIRED"), 100),
  customer: optionalText(200),
  dueDate: isoDateSchema.nullish(),
  warehouseId: idSchema,
  lines: z
    .array(OrderLineInputSchema)
    .min(1, errorText("PURCHASE_ORDER_NO_LINES"))
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
});
export type OrderInput = z.output<typeof OrderInputSchema>;

export const ReservationSchema = z.object({
  lineId: idSchema,
  rollId: idSchema,
  rollCode: z.string(),
  batch: z.string(),
  bin: z.string().nullable(),
  yards: z.number(),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const OrderLineSchema = z.object({
  id: idSchema,
  lineNo: z.int(),
  materialId: idSchema,
  typeName: z.string(),
  colorName: z.string(),
  yards: z.number(),
  oneLot: z.boolean(),
  onePiece: z.boolean(),
  reservedYards: z.number(),
  fulfilledYards: z.number(),
});

export const OrderSchema = z.object({
  id: idSchema,
  number: z.string(),
  reference: z.string(),
  customer: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  warehouseId: idSchema,
  warehouseName: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  cancelledAt: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  reservations: z.array(ReservationSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** A line's proposal: the rolls it would hold, or how much it cannot cover. */
export const ProposalLineSchema = z.object({
  lineId: idSchema,
  /** Yards the line still needs: ordered minus fulfilled minus already reserved. */
  neededYards: z.number(),
  rolls: z.array(
    z.object({
      rollId: idSchema,
      rollCode: z.string(),
      batch: z.string(),
      lengthYards: z.number(),
      yards: z.number(),
    }),
  ),
  leftoverYards: z.number(),
  shortfallYards: z.number(),
});
export const ProposalSchema = z.object({ orderId: idSchema, lines: z.array(ProposalLineSchema) });
export type Proposal = z.infer<typeof ProposalSchema>;

/** POST /api/orders/{id}/reserve: no body (or no lines) reserves the proposal; else the clerk's choice per line. */
export const ReserveInputSchema = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          lineId: idSchema,
          rolls: z
            .array(z.strictObject({ rollId: idSchema, yards: positiveYardsSchema }))
            .min(1, errorText("RESERVE_ROLLS_REQUIRED"))
            .max(500, errorText("AT_MOST_ROLLS", { max: 500 })),
        }),
      )
      .min(1, errorText("RESERVE_LINES_REQUIRED"))
      .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`)
      .optional(),
  })
  .nullish();
export type ReserveInput = z.output<typeof ReserveInputSchema>;

export const PickListSchema = z.object({
  orderId: idSchema,
  number: z.string(),
  rolls: z.array(
    z.object({
      rollId: idSchema,
      rollCode: z.string(),
      lineId: idSchema,
      materialId: idSchema,
      typeName: z.string(),
      colorName: z.string(),
      batch: z.string(),
      warehouseId: idSchema,
      warehouseName: z.string(),
      bin: z.string().nullable(),
      lengthYards: z.number(),
      yards: z.number(),
    }),
  ),
});
export type PickList = z.infer<typeof PickListSchema>;

/**
 * An order's status from its lines (the lifecycle of CONTRACT.md section 15): Fulfilled when every
 * line is, Partly Fulfilled when something was, Reserved while it holds yards, else Open.
 */
export function orderStatusOf(
  lines: readonly { yardsCenti: number; fulfilledCenti: number; reservedCenti: number }[],
): Exclude<OrderStatus, "Cancelled"> {
  if (lines.length > 0 && lines.every((l) => l.fulfilledCenti >= l.yardsCenti)) return "Fulfilled";
  if (lines.some((l) => l.fulfilledCenti > 0)) return "Partly Fulfilled";
  if (lines.some((l) => l.reservedCenti > 0)) return "Reserved";
  return "Open";
}
