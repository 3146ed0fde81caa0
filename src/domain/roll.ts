import { z } from "zod";
import { MAX_ID, optionalText } from "./common";
import { errorText } from "./error-text";
import { hasAtMostTwoDecimals, yardsSchema } from "./yards";

/** Rolls (CONTRACT.md section 8): one physical piece of one material and batch in one warehouse. */
export const ROLL_STATUSES = ["In Stock", "Remnant", "Used Up"] as const;
export type RollStatus = (typeof ROLL_STATUSES)[number];

/** A receive item may carry at most this many rolls, and a posting at most MAX_ROLLS_PER_POSTING. */
export const MAX_ROLLS_PER_ITEM = 500;
export const MAX_ROLLS_PER_POSTING = 5000;
export const BIN_MAX = 40;
export const WIDTH_MIN_INCHES = 1;
export const WIDTH_MAX_INCHES = 200;
/** A material's remnant limit when none was set (CONTRACT.md section 8). */
export const DEFAULT_REMNANT_BELOW_YARDS = 3;

const CODE_DIGITS = 6;

/** R + the id in at least 6 digits: R000123, R1234567. */
export function formatRollCode(id: number): string {
  return `R${String(id).padStart(CODE_DIGITS, "0")}`;
}

/** The id of a roll code (case and surrounding spaces ignored), or null when it is no roll code. */
export function parseRollCode(code: string): number | null {
  const match = /^R(\d{6,15})$/i.exec(code.trim());
  if (!match) return null;
  const digits = match[1] as string;
  // A code of more than 6 digits never starts with 0 (R0000123 is not the code of 123).
  if (digits.length > CODE_DIGITS && digits.startsWith("0")) return null;
  const id = Number(digits);
  // Ids are 32-bit on both engines (common.ts MAX_ID): a larger number is no roll's code.
  return id > 0 && id <= MAX_ID ? id : null;
}

/**
 * The id ranges [from, to) whose codes start with `prefix` (R and digits, case ignored; "" or "R"
 * matches every roll), or null when no code can start with it. Codes are not stored: a code filter
 * is a few primary-key ranges. `maxDigits` bounds the code lengths considered.
 */
export function rollCodeRanges(prefix: string, maxDigits = 12): [number, number][] | null {
  const text = prefix.trim().toUpperCase();
  const match = /^(?:R(\d*))?$/.exec(text);
  if (!match) return null;
  const digits = match[1] ?? "";
  const ranges: [number, number][] = [];
  for (let n = CODE_DIGITS; n <= maxDigits; n++) {
    if (digits.length > n) continue;
    // Codes of n digits: 6 digits are 1..999999 zero-padded; more digits are ids with exactly n digits.
    const lowest = n === CODE_DIGITS ? 1 : 10 ** (n - 1);
    const highest = 10 ** n; // exclusive
    const scale = 10 ** (n - digits.length);
    // No digits: [0, 10^n), which the bounds below cut to the n-digit codes.
    const from = Number(digits) * scale;
    const to = (Number(digits) + 1) * scale;
    const a = Math.max(from, lowest);
    const b = Math.min(to, highest);
    if (a < b) ranges.push([a, b]);
  }
  // Merge touching ranges (R matches 1..10^maxDigits as one range).
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && last[1] === r[0]) last[1] = r[1];
    else merged.push([r[0], r[1]]);
  }
  return merged.length > 0 ? merged : null;
}

/** A roll's status from its length and its material's remnant limit (both in hundredths). */
export function rollStatusOf(lengthCenti: number, remnantBelowCenti: number): RollStatus {
  if (lengthCenti === 0) return "Used Up";
  return lengthCenti < remnantBelowCenti ? "Remnant" : "In Stock";
}

export const ROLL_MESSAGES = {
  lengthPositive: errorText("ROLL_LENGTH_NOT_POSITIVE"),
  ticketPositive: errorText("ROLL_TICKET_NOT_POSITIVE"),
  width: errorText("ROLL_WIDTH_RANGE", { min: WIDTH_MIN_INCHES, max: WIDTH_MAX_INCHES }),
  widthDecimals: errorText("ROLL_WIDTH_DECIMALS"),
  bin: errorText("BIN_TOO_LONG", { max: BIN_MAX }),
  tooManyRolls: errorText("TOO_MANY_ROLLS_PER_ITEM", { max: MAX_ROLLS_PER_ITEM }),
  tooManyRollsInPosting: errorText("TOO_MANY_ROLLS_PER_POSTING", { max: MAX_ROLLS_PER_POSTING }),
  noRolls: errorText("NO_ROLLS"),
  yardsNotSum: errorText("YARDS_NOT_SUM_OF_ROLLS"),
  rollsOnlyOnReceive: errorText("ROLLS_ONLY_ON_RECEIVE"),
  rollIdNotOnReceive: errorText("ROLL_ID_NOT_ON_RECEIVE"),
  unitCostOnlyOnReceive: errorText("UNIT_COST_ONLY_ON_RECEIVE"),
  rollCountedTwice: errorText("ROLL_COUNTED_TWICE"),
  rollAndBatchCount: errorText("ROLL_AND_BATCH_COUNT"),
  destinationBinOnlyOnTransfer: errorText("DESTINATION_BIN_ONLY_ON_TRANSFER"),
} as const;

/** A bin (shelf) text: trimmed, blank is none, at most BIN_MAX characters (receive, transfer). */
export const binTextSchema = optionalText(BIN_MAX, { maxMessage: ROLL_MESSAGES.bin });

const widthSchema = z
  .number({ error: ROLL_MESSAGES.width })
  .refine(hasAtMostTwoDecimals, ROLL_MESSAGES.widthDecimals)
  .refine((v) => v >= WIDTH_MIN_INCHES && v <= WIDTH_MAX_INCHES, ROLL_MESSAGES.width);

/** A roll as a receive item carries it. */
export const RollInputSchema = z.object({
  lengthYards: yardsSchema.refine((v) => v > 0, ROLL_MESSAGES.lengthPositive),
  ticketYards: yardsSchema.refine((v) => v > 0, ROLL_MESSAGES.ticketPositive).nullish(),
  widthInches: widthSchema.nullish(),
  bin: binTextSchema,
});
export type RollInput = z.input<typeof RollInputSchema>;

const PATCHABLE = new Set(["bin", "widthInches"]);

/** The PATCH body as the OpenAPI document shows it: these two fields, nothing else. */
export const RollPatchDocSchema = z.strictObject({
  bin: z.string().max(BIN_MAX).nullable().optional().describe("Shelf or bin; null or blank clears it"),
  widthInches: z
    .number()
    .min(WIDTH_MIN_INCHES)
    .max(WIDTH_MAX_INCHES)
    .nullable()
    .optional()
    .describe("Width in inches (at most 2 decimals); null clears it"),
});

/**
 * PATCH /api/rolls/{id}: bin and/or width; null clears. Lengths change only by postings: a field
 * other than these two is refused (400 naming it), not dropped, so that `{ lengthYards: 100 }` does
 * not answer 200 as if it were saved.
 */
export const RollPatchSchema = z
  .looseObject({
    // .optional() outside: an absent bin stays absent (optionalText alone turns it into null: a clear).
    bin: optionalText(BIN_MAX, { maxMessage: ROLL_MESSAGES.bin }).optional(),
    widthInches: widthSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    for (const key of Object.keys(v)) {
      if (PATCHABLE.has(key)) continue;
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: /length|yards/i.test(key)
          ? errorText("ROLL_LENGTH_BY_POSTING_ONLY")
          : errorText("ROLL_PATCH_FIELDS_ONLY"),
      });
    }
  })
  .refine((v) => v.bin !== undefined || v.widthInches !== undefined, errorText("ROLL_PATCH_EMPTY"))
  .transform(({ bin, widthInches }) => ({ bin, widthInches }));

export const RollStatusSchema = z.enum(ROLL_STATUSES);

export const RollSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  materialId: z.number().int(),
  typeName: z.string(),
  colorName: z.string(),
  batch: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  lengthYards: z.number(),
  /** Held by orders (CONTRACT.md section 15); available = length - reserved, never below 0. */
  reservedYards: z.number(),
  availableYards: z.number(),
  receivedYards: z.number(),
  ticketYards: z.number().nullable(),
  widthInches: z.number().nullable(),
  bin: z.string().nullable(),
  parentRollId: z.number().int().nullable(),
  status: RollStatusSchema,
  firstReceived: z.string(),
  lastMovedAt: z.string(),
  /** Money per yard it was received at (CONTRACT.md section 11); admins only, absent for other roles. */
  unitCost: z
    .number()
    .optional()
    .describe("Money per yard it was received at; admins only (absent for other roles)"),
  /** Its value now, length x unit cost to the ten-thousandth; admins only, absent for other roles. */
  valueAmount: z
    .number()
    .optional()
    .describe("Its value now (length x unit cost); admins only (absent for other roles)"),
});
export type Roll = z.infer<typeof RollSchema>;

export const RollMovementSchema = z.object({
  /** The ledger line. */
  id: z.number().int(),
  transactionDate: z.string(),
  transactionId: z.number().int(),
  transactionNumber: z.string(),
  transactionType: z.string(),
  /** Where the roll is after this movement. */
  warehouseName: z.string(),
  /** A roll moved whole: the warehouse it left (one movement, change 0); else null. */
  fromWarehouseName: z.string().nullable(),
  yardsChange: z.number(),
  /** The roll's length right after this line. */
  lengthAfter: z.number(),
  /** A cost correction's value-only line (CONTRACT.md section 16): the receipt it corrects; left out otherwise. */
  correctsNumber: z.string().optional(),
});
export type RollMovement = z.infer<typeof RollMovementSchema>;

/** A piece a transfer cut off a roll (CONTRACT.md section 8): a new roll whose parent it is. */
export const RollPieceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Its length when cut. */
  receivedYards: z.number(),
  /** The transfer that cut it (the parent's movement of the same transaction). */
  transactionId: z.number().int().nullable(),
});

export type RollPiece = z.infer<typeof RollPieceSchema>;

export const RollDetailSchema = z.object({
  roll: RollSchema,
  parentCode: z.string().nullable(),
  /** The pieces cut off this roll, oldest first. */
  pieces: z.array(RollPieceSchema),
  movements: z.array(RollMovementSchema),
});
export type RollDetail = z.infer<typeof RollDetailSchema>;
