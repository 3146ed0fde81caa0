import { z } from "zod";
import { hasVisibleCharacter, idSchema, isoDateSchema, optionalText, plainText } from "./common";
import { errorText } from "./error-text";
import { misspelledFieldsRefused } from "./misspelled-fields";
import { unitCostSchema } from "./money";
import {
  binTextSchema,
  MAX_ROLLS_PER_ITEM,
  MAX_ROLLS_PER_POSTING,
  ROLL_MESSAGES,
  RollInputSchema,
} from "./roll";
import { BATCH_MAX } from "./threshold";
import { KIND_INFO, parseTransactionType, reasonCodesFor, type TransactionKind } from "./transaction-kinds";
import { yardsSchema, yardsToCenti } from "./yards";

/** One posting may carry at most this many items (a guard on the size of one database transaction). */
export const MAX_ITEMS = 500;

export type HeaderField =
  | "supplierId"
  | "warehouseId"
  | "sourceWarehouseId"
  | "destinationWarehouseId"
  | "reasonCode";

/**
 * The header fields each kind requires (spec section 5, CONTRACT.md section 2). They are also the
 * only header references a kind keeps: a supplier sent with a Waste posting is ignored, so that a
 * transaction never names a warehouse or supplier its lines have nothing to do with.
 */
export const KIND_REQUIREMENTS: Record<TransactionKind, readonly HeaderField[]> = {
  receive: ["supplierId", "warehouseId"],
  "production-usage": ["warehouseId"],
  waste: ["warehouseId", "reasonCode"],
  transfer: ["sourceWarehouseId", "destinationWarehouseId"],
  return: ["supplierId", "warehouseId", "reasonCode"],
  "stock-opname": ["warehouseId"],
};

/** The spec's messages for a missing header field. */
export const HEADER_FIELD_MESSAGES: Record<HeaderField, string> = {
  supplierId: errorText("SUPPLIER_REQUIRED"),
  warehouseId: errorText("WAREHOUSE_REQUIRED"),
  sourceWarehouseId: errorText("SOURCE_WAREHOUSE_REQUIRED"),
  destinationWarehouseId: errorText("DESTINATION_WAREHOUSE_REQUIRED"),
  reasonCode: errorText("REASON_CODE_REQUIRED"),
};

/** The earliest transaction date accepted (CONTRACT.md section 1); the latest is tomorrow. */
export const EARLIEST_TRANSACTION_DATE = "2000-01-01";

export const TRANSACTION_MESSAGES = {
  dateRequired: errorText("TRANSACTION_DATE_REQUIRED"),
  dateTooEarly: errorText("TRANSACTION_DATE_TOO_EARLY", { earliest: EARLIEST_TRANSACTION_DATE }),
  noItems: errorText("NO_ITEMS"),
  tooManyItems: errorText("TOO_MANY_ITEMS", { max: MAX_ITEMS }),
  material: errorText("ITEM_MATERIAL_REQUIRED"),
  batch: errorText("ITEM_BATCH_REQUIRED"),
  yardsPositive: errorText("ITEM_YARDS_POSITIVE"),
  yardsNonNegative: errorText("ITEM_YARDS_NON_NEGATIVE"),
  countedRequired: errorText("COUNTED_YARDS_REQUIRED"),
  sameWarehouses: errorText("SAME_WAREHOUSES"),
  duplicateCount: errorText("DUPLICATE_COUNT"),
  purchaseOrderOnlyOnReceive: errorText("PO_ONLY_ON_RECEIVE"),
  purchaseOrderLineWithoutOrder: errorText("PO_LINE_WITHOUT_ORDER"),
  orderOnUsageOnly: errorText("ORDER_ON_USAGE_ONLY"),
} as const;

/** An id the kind's rules may require: a JSON integer when given (common.ts idSchema). */
const optionalId = idSchema.nullish();

/**
 * An item as sent. Fields the spec demands are nullable here and checked by the kind's rules, so
 * that a form missing several things hears about all of them with the spec's wording.
 */
export const TransactionItemInputSchema = z.object({
  /** The client's row id; ignored by the server. */
  id: z.union([plainText({ max: 200 }), z.number()]).optional(),
  materialId: optionalId,
  // A batch of only zero-width characters is no batch: the kind's rules then say it is required.
  batch: plainText()
    .trim()
    .max(BATCH_MAX, errorText("BATCH_TOO_LONG", { max: BATCH_MAX }))
    .nullish()
    .transform((v) => (v && hasVisibleCharacter(v) ? v : null)),
  /** Receive, outgoing kinds: the magnitude counts (outgoing yards may be sent negative). Transfer: > 0. */
  yards: yardsSchema.nullish(),
  /** Stock opname: the counted amount. */
  countedYards: yardsSchema.nullish(),
  /** Stock opname, spec shape: yards = counted - systemYards. */
  systemYards: yardsSchema.nullish(),
  /** Receive (CONTRACT.md section 8): the rolls of this item; yards is then their sum or left out. */
  rolls: z.array(RollInputSchema).max(MAX_ROLLS_PER_ITEM, ROLL_MESSAGES.tooManyRolls).nullish(),
  /** Outgoing, transfer: cut from this roll; stock opname: the roll counted. */
  rollId: idSchema.nullish(),
  /** Transfer only (CONTRACT.md section 12): the bin the rolls moved or cut go to (absent: none). */
  destinationBin: binTextSchema,
  /** Receive only (CONTRACT.md section 11): money per yard, kept on each roll the item makes. */
  unitCost: unitCostSchema.nullish(),
  /** Receive against a purchase order (CONTRACT.md section 16): the order's line; else matched by material. */
  purchaseOrderLineId: idSchema.nullish(),
});

export const TransactionInputBaseSchema = z.object({
  /** Optional (the spec's client sends it); the path's kind decides, a contradicting value is refused. */
  transactionType: plainText({ max: 100 }).nullish(),
  // Not trimmed: "2026-11-28 " is refused as everywhere else a date is (CONTRACT.md section 12).
  transactionDate: plainText({ error: TRANSACTION_MESSAGES.dateRequired }).nullish(),
  notes: optionalText(2000, { multiline: true }),
  referenceDocument: optionalText(200),
  supplierId: optionalId,
  warehouseId: optionalId,
  sourceWarehouseId: optionalId,
  destinationWarehouseId: optionalId,
  reasonCode: optionalText(100),
  items: z.array(TransactionItemInputSchema).max(MAX_ITEMS, TRANSACTION_MESSAGES.tooManyItems).nullish(),
  /** Receive only (CONTRACT.md section 16): the purchase order received against. */
  purchaseOrderId: optionalId,
  /** Receive against an order, admins only: take more than the order's tolerance over its yards. */
  allowOver: z.boolean().nullish(),
  /** Production usage only (CONTRACT.md section 15): the order this usage fulfils. */
  orderId: optionalId,
});
export type TransactionInput = z.input<typeof TransactionInputBaseSchema>;

import type { ValidItem, ValidRollInput, ValidTransactionInput } from "./transaction-valid";

export type { ValidItem, ValidRollInput, ValidTransactionInput };

/** Stock opname: the counted yards of an item (countedYards, or systemYards + yards), or null. */
export function countedYardsOf(item: {
  yards?: number | null;
  countedYards?: number | null;
  systemYards?: number | null;
}): number | null {
  if (item.countedYards != null) return item.countedYards;
  if (item.yards != null && item.systemYards != null) {
    return (yardsToCenti(item.systemYards) + yardsToCenti(item.yards)) / 100;
  }
  return null;
}

type Issue = { path: (string | number)[]; message: string };

/** The rules of one kind (spec section 5, CONTRACT.md section 2) as a list of issues. */
export function transactionIssues(kind: TransactionKind, input: z.output<typeof TransactionInputBaseSchema>) {
  const issues: Issue[] = [];
  if (!input.transactionDate?.trim()) {
    issues.push({ path: ["transactionDate"], message: TRANSACTION_MESSAGES.dateRequired });
  } else {
    const date = isoDateSchema.safeParse(input.transactionDate);
    if (!date.success) {
      // A failed parse has at least one issue: the fallback is for the type checker only.
      // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, issues[0] always exists
      const message = date.error.issues[0]?.message ?? "Invalid date";
      issues.push({ path: ["transactionDate"], message });
    } else if (date.data < EARLIEST_TRANSACTION_DATE) {
      issues.push({ path: ["transactionDate"], message: TRANSACTION_MESSAGES.dateTooEarly });
    }
  }

  if (input.transactionType && parseTransactionType(input.transactionType) !== KIND_INFO[kind].type) {
    issues.push({
      path: ["transactionType"],
      message: errorText("TRANSACTION_TYPE_MISMATCH", {
        type: KIND_INFO[kind].type,
        named: input.transactionType,
      }),
    });
  }
  for (const field of KIND_REQUIREMENTS[kind]) {
    // Blank text is null by now (optionalText), so null is the only "missing".
    if (input[field] == null) {
      issues.push({ path: [field], message: HEADER_FIELD_MESSAGES[field] });
    }
  }
  const reasons = reasonCodesFor(kind);
  if (reasons.length > 0 && input.reasonCode && !reasons.includes(input.reasonCode)) {
    issues.push({
      path: ["reasonCode"],
      message: errorText("REASON_CODE_INVALID", { reasons: reasons.join(", ") }),
    });
  }
  if (
    kind === "transfer" &&
    input.sourceWarehouseId != null &&
    input.sourceWarehouseId === input.destinationWarehouseId
  ) {
    issues.push({ path: ["destinationWarehouseId"], message: TRANSACTION_MESSAGES.sameWarehouses });
  }

  if (kind !== "receive") {
    if (input.purchaseOrderId != null)
      issues.push({ path: ["purchaseOrderId"], message: TRANSACTION_MESSAGES.purchaseOrderOnlyOnReceive });
    if (input.allowOver != null)
      issues.push({ path: ["allowOver"], message: TRANSACTION_MESSAGES.purchaseOrderOnlyOnReceive });
  }
  if (input.orderId != null && kind !== "production-usage")
    issues.push({ path: ["orderId"], message: TRANSACTION_MESSAGES.orderOnUsageOnly });
  const items = input.items ?? [];
  if (items.length === 0) issues.push({ path: ["items"], message: TRANSACTION_MESSAGES.noItems });
  items.forEach((item, i) => {
    if (item.purchaseOrderLineId != null && input.purchaseOrderId == null)
      issues.push({
        path: ["items", i, "purchaseOrderLineId"],
        message: TRANSACTION_MESSAGES.purchaseOrderLineWithoutOrder,
      });
  });
  issues.push(...rollIssues(kind, items));
  const counted = new Set<string>();
  items.forEach((item, i) => {
    if (item.materialId == null)
      issues.push({ path: ["items", i, "materialId"], message: TRANSACTION_MESSAGES.material });
    if (!item.batch) issues.push({ path: ["items", i, "batch"], message: TRANSACTION_MESSAGES.batch });
    if (kind === "stock-opname") {
      const value = countedYardsOf(item);
      const field = item.countedYards != null ? "countedYards" : "yards";
      if (value == null)
        issues.push({ path: ["items", i, "countedYards"], message: TRANSACTION_MESSAGES.countedRequired });
      else if (value < 0)
        issues.push({ path: ["items", i, field], message: TRANSACTION_MESSAGES.yardsNonNegative });
      // A batch is counted once as a whole (rolls are checked by rollIssues).
      if (item.materialId != null && item.batch && item.rollId == null) {
        const key = `${item.materialId}\u0000${item.batch}`;
        if (counted.has(key))
          issues.push({ path: ["items", i, "batch"], message: TRANSACTION_MESSAGES.duplicateCount });
        counted.add(key);
      }
    } else if (kind === "receive" && item.rolls != null) {
      // The rolls' own rules (rollIssues) stand in for yards.
    } else {
      // Transfer: yards as entered, > 0. The other kinds use the magnitude, so only 0 is wrong.
      const yards = item.yards;
      const ok = yards != null && (kind === "transfer" ? yards > 0 : yards !== 0);
      if (!ok) issues.push({ path: ["items", i, "yards"], message: TRANSACTION_MESSAGES.yardsPositive });
    }
  });
  return issues;
}

function sumOfRollYards(rolls: readonly { lengthYards: number }[]): number {
  return rolls.reduce((sum, r) => sum + yardsToCenti(r.lengthYards), 0) / 100;
}

type ItemOutput = NonNullable<z.output<typeof TransactionInputBaseSchema>["items"]>[number];

/** The roll rules of CONTRACT.md section 8 that do not need the database. */
function rollIssues(kind: TransactionKind, items: readonly ItemOutput[]): Issue[] {
  const issues: Issue[] = [];
  let rollsInPosting = 0;
  const rollsCounted = new Set<number>();
  const keysByRoll = new Set<string>();
  const keysWhole = new Set<string>();
  items.forEach((item, i) => {
    if (item.rolls != null) {
      if (kind !== "receive") {
        issues.push({ path: ["items", i, "rolls"], message: ROLL_MESSAGES.rollsOnlyOnReceive });
        return;
      }
      rollsInPosting += item.rolls.length;
      if (item.rolls.length === 0) {
        issues.push({ path: ["items", i, "rolls"], message: ROLL_MESSAGES.noRolls });
      } else if (
        item.yards != null &&
        yardsToCenti(Math.abs(item.yards)) !== yardsToCenti(sumOfRollYards(item.rolls))
      ) {
        issues.push({ path: ["items", i, "yards"], message: ROLL_MESSAGES.yardsNotSum });
      }
    }
    if (item.rollId != null && kind === "receive") {
      issues.push({ path: ["items", i, "rollId"], message: ROLL_MESSAGES.rollIdNotOnReceive });
    }
    if (item.unitCost != null && kind !== "receive") {
      issues.push({ path: ["items", i, "unitCost"], message: ROLL_MESSAGES.unitCostOnlyOnReceive });
    }
    if (item.destinationBin != null && kind !== "transfer")
      issues.push({
        path: ["items", i, "destinationBin"],
        message: ROLL_MESSAGES.destinationBinOnlyOnTransfer,
      });
    if (kind === "stock-opname" && item.materialId != null && item.batch) {
      const key = `${item.materialId}\u0000${item.batch}`;
      if (item.rollId != null) {
        if (rollsCounted.has(item.rollId))
          issues.push({ path: ["items", i, "rollId"], message: ROLL_MESSAGES.rollCountedTwice });
        rollsCounted.add(item.rollId);
        keysByRoll.add(key);
        if (keysWhole.has(key))
          issues.push({ path: ["items", i, "rollId"], message: ROLL_MESSAGES.rollAndBatchCount });
      } else {
        keysWhole.add(key);
        if (keysByRoll.has(key))
          issues.push({ path: ["items", i, "batch"], message: ROLL_MESSAGES.rollAndBatchCount });
      }
    }
  });
  if (rollsInPosting > MAX_ROLLS_PER_POSTING) {
    issues.push({ path: ["items"], message: ROLL_MESSAGES.tooManyRollsInPosting });
  }
  return issues;
}

/**
 * The posting schema of one kind: the base shape plus the kind's rules, with issue paths such as
 * `supplierId` or `items.0.batch`. Server routes and the client's forms use the same schema.
 */
export function transactionSchemaFor(kind: TransactionKind) {
  return z.preprocess(
    misspelledFieldsRefused(
      Object.keys(TransactionInputBaseSchema.shape),
      Object.keys(TransactionItemInputSchema.shape),
    ),
    postingSchemaOf(kind),
  );
}

function postingSchemaOf(kind: TransactionKind) {
  return TransactionInputBaseSchema.superRefine((input, ctx) => {
    for (const issue of transactionIssues(kind, input)) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
  }).transform((input): ValidTransactionInput => {
    // Runs only when the rules passed, so the required fields are present.
    const keep = new Set<HeaderField>(KIND_REQUIREMENTS[kind]);
    const pick = <F extends Exclude<HeaderField, "reasonCode">>(field: F) =>
      keep.has(field) ? (input[field] ?? null) : null;
    return {
      transactionDate: input.transactionDate as string,
      notes: input.notes,
      referenceDocument: input.referenceDocument,
      supplierId: pick("supplierId"),
      warehouseId: pick("warehouseId"),
      sourceWarehouseId: pick("sourceWarehouseId"),
      destinationWarehouseId: pick("destinationWarehouseId"),
      reasonCode: keep.has("reasonCode") ? input.reasonCode : null,
      ...(kind === "receive" && input.purchaseOrderId != null
        ? { purchaseOrderId: input.purchaseOrderId, allowOver: input.allowOver === true }
        : {}),
      ...(input.orderId != null ? { orderId: input.orderId } : {}),
      // Stryker disable next-line ArrayDeclaration: equivalent, the rules refused a posting without items
      items: (input.items ?? []).map((item) => {
        const rolls =
          // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: equivalent, the rules refused rolls on other kinds
          kind === "receive" && item.rolls != null
            ? item.rolls.map((r) => ({
                lengthYards: r.lengthYards,
                ticketYards: r.ticketYards ?? null,
                widthInches: r.widthInches ?? null,
                bin: r.bin ?? null,
              }))
            : null;
        return {
          materialId: item.materialId as number,
          batch: item.batch as string,
          yards: rolls ? sumOfRollYards(rolls) : (item.yards ?? null),
          countedYards: item.countedYards ?? null,
          systemYards: item.systemYards ?? null,
          // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent, the rules refused a rollId on a receive
          rollId: kind === "receive" ? null : (item.rollId ?? null),
          // Stryker disable next-line ConditionalExpression: equivalent, the rules refused a destinationBin on other kinds
          destinationBin: kind === "transfer" ? (item.destinationBin ?? null) : null,
          rolls,
          // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent, the rules refused a unitCost on other kinds
          unitCost: kind === "receive" ? (item.unitCost ?? null) : null,
          ...(item.purchaseOrderLineId != null ? { purchaseOrderLineId: item.purchaseOrderLineId } : {}),
        };
      }),
    };
  });
}

/** yyyy-MM-dd of a Date in the server's local calendar. */
export function localIsoDate(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, "0");
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** The latest transaction date accepted on `today` (server's date): tomorrow. */
export function latestTransactionDate(today: Date): string {
  const next = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1, 12);
  return localIsoDate(next);
}

/** RCV-2024-00001: prefix of the kind, year of the transaction date, 5-digit sequence. */
export function formatTransactionNumber(
  kind: TransactionKind,
  transactionDate: string,
  sequence: number,
): string {
  return `${KIND_INFO[kind].prefix}-${transactionDate.slice(0, 4)}-${String(sequence).padStart(5, "0")}`;
}
