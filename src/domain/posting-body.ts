import { z } from "zod";
import { idSchema } from "./common";
import { MAX_UNIT_COST } from "./money";
import {
  BIN_MAX,
  MAX_ROLLS_PER_ITEM,
  MAX_ROLLS_PER_POSTING,
  WIDTH_MAX_INCHES,
  WIDTH_MIN_INCHES,
} from "./roll";
import { BATCH_MAX } from "./threshold";
import {
  EARLIEST_TRANSACTION_DATE,
  HEADER_FIELD_MESSAGES,
  type HeaderField,
  KIND_REQUIREMENTS,
  MAX_ITEMS,
  TransactionInputBaseSchema,
  TransactionItemInputSchema,
} from "./transaction";
import { KIND_INFO, reasonCodesFor, type TransactionKind } from "./transaction-kinds";
import { MAX_YARDS } from "./yards";

/**
 * The request body of each posting kind as the OpenAPI document shows it (CONTRACT.md section 5:
 * one request schema per kind, with its required fields and reason codes), so that a generated
 * client sends a valid posting. Requests are validated by `transactionSchemaFor(kind)`, which
 * accepts every body described here (openapi.test.ts posts a sample of each) and words its
 * refusals with the spec's messages; this schema only describes.
 */

const HEADER_FIELD_DOCS: Record<Exclude<HeaderField, "reasonCode">, string> = {
  supplierId: "Supplier id",
  warehouseId: "Warehouse id: where the stock is",
  sourceWarehouseId: "Warehouse id the fabric leaves",
  destinationWarehouseId: "Warehouse id the fabric arrives at; not the source",
};

const TWO_DECIMALS = "at most 2 decimals";

/** Yards that must be more than 0: what is received, taken out or moved. */
function yardsField(description: string) {
  return z.number().positive().max(MAX_YARDS).describe(`${description} (${TWO_DECIMALS})`);
}

/** Yards that may be 0: what a count found. */
function countedYardsField(description: string) {
  return z.number().min(0).max(MAX_YARDS).describe(`${description} (${TWO_DECIMALS})`);
}

const rollIdField = (what: string) => idSchema.optional().describe(what);

/** A roll of a receive item (CONTRACT.md section 8). */
const documentedRoll = z.object({
  lengthYards: yardsField("The roll's length measured at receipt"),
  ticketYards: yardsField("The length on the supplier's ticket; optional").optional(),
  widthInches: z
    .number()
    .min(WIDTH_MIN_INCHES)
    .max(WIDTH_MAX_INCHES)
    .optional()
    .describe("Width in inches (at most 2 decimals); optional"),
  bin: z.string().max(BIN_MAX).optional().describe("Shelf or bin where the roll is put; optional"),
});

const unitCostField = z
  .number()
  .min(0)
  .max(MAX_UNIT_COST)
  .optional()
  .describe(
    "Money per yard in the installation's currency (at most 4 decimals), kept on every roll the item makes; optional",
  );

const purchaseOrderLineField = idSchema
  .optional()
  .describe(
    "The purchase order line received (with purchaseOrderId); without it, the line of the item's material",
  );

function itemSchemaFor(kind: TransactionKind) {
  const common = {
    id: TransactionItemInputSchema.shape.id.describe("The client's row id; ignored"),
    materialId: idSchema.describe("Material id"),
    batch: z.string().min(1).max(BATCH_MAX).describe("Batch code (trimmed; case-sensitive)"),
  };
  const direction = KIND_INFO[kind].direction;
  if (direction === "count") {
    return z.union([
      z.object({
        ...common,
        countedYards: countedYardsField("The yards counted"),
        rollId: rollIdField(
          "The roll counted: countedYards is then its length (0: not found). Without it, the batch is counted as a whole",
        ),
      }),
      z.object({
        ...common,
        yards: z.number().describe(`Counted minus system yards, the spec client's shape (${TWO_DECIMALS})`),
        systemYards: countedYardsField("The system yards the difference was taken from"),
      }),
    ]);
  }
  if (direction === "in") {
    return z.union([
      z.object({
        ...common,
        yards: yardsField("Yards received, as one roll"),
        unitCost: unitCostField,
        purchaseOrderLineId: purchaseOrderLineField,
      }),
      z.object({
        ...common,
        rolls: z
          .array(documentedRoll)
          .min(1)
          .max(MAX_ROLLS_PER_ITEM)
          .describe(`The rolls received, one per roll (at most ${MAX_ROLLS_PER_POSTING} in a posting)`),
        yards: yardsField("Yards received: the sum of the rolls' lengths; optional").optional(),
        unitCost: unitCostField,
        purchaseOrderLineId: purchaseOrderLineField,
      }),
    ]);
  }
  const yards =
    direction === "out"
      ? "Yards taken out. The spec's own client sends them negative: the server takes the magnitude, so those are accepted too"
      : "Yards moved from source to destination";
  const roll =
    direction === "out"
      ? "The roll to cut from; without it, the rolls of the batch are taken shortest first"
      : "The roll to move (whole) or cut from at the source; without it, shortest first";
  const bin =
    direction === "transfer"
      ? {
          destinationBin: z
            .string()
            .max(BIN_MAX)
            .optional()
            .describe(
              "Shelf or bin at the destination for the roll moved whole or the piece cut off (trimmed); absent or blank: none",
            ),
        }
      : {};
  return z.object({ ...common, yards: yardsField(yards), rollId: rollIdField(roll), ...bin });
}

/** The documented body of POST /api/transactions/{kind}. */
export function postingBodySchemaFor(kind: TransactionKind) {
  const info = KIND_INFO[kind];
  const required = new Set<HeaderField>(KIND_REQUIREMENTS[kind]);
  const shape: Record<string, z.ZodType> = {
    transactionType: z
      .enum([info.type, kind])
      .optional()
      .describe("Optional; the path decides the kind, a different one is refused"),
    transactionDate: z.iso
      .date()
      .describe(`yyyy-MM-dd, from ${EARLIEST_TRANSACTION_DATE} to tomorrow (the server's date)`),
    notes: TransactionInputBaseSchema.shape.notes,
    referenceDocument: TransactionInputBaseSchema.shape.referenceDocument,
  };
  for (const field of ["supplierId", "warehouseId", "sourceWarehouseId", "destinationWarehouseId"] as const) {
    if (required.has(field))
      shape[field] = idSchema.describe(`${HEADER_FIELD_DOCS[field]} (${HEADER_FIELD_MESSAGES[field]})`);
  }
  const reasons = reasonCodesFor(kind);
  // The kinds that require a reason code are the ones with a list of them.
  if (required.has("reasonCode")) {
    shape.reasonCode = z
      .enum(reasons as [string, ...string[]])
      .describe(`Why (${HEADER_FIELD_MESSAGES.reasonCode})`);
  }
  if (kind === "receive") {
    shape.purchaseOrderId = idSchema
      .optional()
      .describe("The purchase order received against: its lines' received yards, status and on-order follow");
    shape.allowOver = z
      .boolean()
      .optional()
      .describe("Admins only: receive more than a line's yards plus PO_TOLERANCE_PERCENT (default 5)");
  }
  if (kind === "production-usage")
    shape.orderId = idSchema
      .optional()
      .describe("The order this usage fulfils: its reserved yards are taken first and released");
  shape.items = z
    .array(itemSchemaFor(kind))
    .min(1)
    .max(MAX_ITEMS)
    .describe(
      info.direction === "count"
        ? "One item per material and batch counted: countedYards, or yards with systemYards"
        : "At least one item",
    );
  return z
    .object(shape)
    .describe(
      `A ${info.type} posting. Header fields another kind uses are ignored; ` +
        `required: ${["transactionDate", ...KIND_REQUIREMENTS[kind], "items"].join(", ")}.`,
    );
}
