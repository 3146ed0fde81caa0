import { z } from "zod";
import { bodyIdSchema, hasVisibleCharacter, idSchema, optionalText, plainText } from "./common";
import { errorText } from "./error-text";
import { BIN_MAX } from "./roll";
import { BATCH_MAX } from "./threshold";
import { hasAtMostTwoDecimals, MAX_YARDS } from "./yards";

/** Counting by roll (CONTRACT.md section 14). */
export const COUNT_STATUSES = ["Open", "Posted", "Cancelled"] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const COUNT_ENTRY_KINDS = ["expected", "elsewhere", "unlabelled"] as const;
/**
 * A review line's status. "counted" stands for match, short or over where those are hidden: for a
 * clerk or viewer while a blind count is open.
 */
export const COUNT_LINE_STATUSES = [
  "match",
  "short",
  "over",
  "missing",
  "elsewhere",
  "unlabelled",
  "counted",
] as const;
export type CountLineStatus = (typeof COUNT_LINE_STATUSES)[number];

/** The most bins or materials a count may be limited to. */
export const MAX_COUNT_SCOPE = 500;

const countedYardsSchema = z
  .number({ error: errorText("COUNTED_YARDS_NOT_NUMBER") })
  .min(0, errorText("COUNTED_YARDS_NEGATIVE"))
  .refine(hasAtMostTwoDecimals, errorText("COUNTED_YARDS_DECIMALS"))
  .refine((v) => v <= MAX_YARDS, errorText("COUNTED_YARDS_TOO_LARGE"));

const binSchema = plainText({ max: BIN_MAX, maxMessage: errorText("COUNT_BIN_TOO_LONG", { max: BIN_MAX }) })
  .trim()
  .refine(hasVisibleCharacter, errorText("COUNT_BIN_INVISIBLE"));

export const StartCountSchema = z.strictObject({
  warehouseId: idSchema,
  bins: z.array(binSchema).min(1, errorText("COUNT_BINS_EMPTY")).max(MAX_COUNT_SCOPE).optional(),
  materialIds: z.array(idSchema).min(1, errorText("COUNT_MATERIALS_EMPTY")).max(MAX_COUNT_SCOPE).optional(),
  blind: z.boolean().default(true),
  notes: optionalText(1000, { multiline: true }),
});
export type StartCount = z.output<typeof StartCountSchema>;

export const CountEntryInputSchema = z.union(
  [
    z.strictObject({
      rollCode: plainText({ max: 40 }).optional(),
      rollId: bodyIdSchema.optional(),
      countedYards: countedYardsSchema,
    }),
    z.strictObject({
      unlabelled: z.strictObject({
        materialId: idSchema,
        batch: plainText({ max: BATCH_MAX })
          .trim()
          .refine(hasVisibleCharacter, errorText("COUNT_BATCH_REQUIRED")),
        countedYards: countedYardsSchema.refine((v) => v > 0, errorText("COUNT_UNLABELLED_LENGTH")),
        bin: binSchema.nullish(),
      }),
    }),
  ],
  { error: errorText("COUNT_ENTRY_SHAPE") },
);
export type CountEntryInput = z.output<typeof CountEntryInputSchema>;

export const CountSessionSchema = z.object({
  id: idSchema,
  number: z.string(),
  status: z.enum(COUNT_STATUSES),
  warehouseId: idSchema,
  warehouseName: z.string(),
  bins: z.array(z.string()).nullable(),
  materialIds: z.array(z.int()).nullable(),
  blind: z.boolean(),
  notes: z.string().nullable(),
  startedAt: z.string(),
  startedBy: z.string(),
  endedAt: z.string().nullable(),
  /** Rolls with length > 0 in the session's scope now. */
  expectedRolls: z.int(),
  /** Rolls (and unlabelled pieces) counted so far: live entries. */
  countedRolls: z.int(),
  /** What the clerk chose for missing rolls when posting; null until posted. */
  missing: z.enum(["zero", "keep"]).nullable(),
  /** The transactions the post wrote: transfers in, then the stock opname (empty until posted). */
  transactionIds: z.array(z.int()),
});
export type CountSession = z.infer<typeof CountSessionSchema>;

/** POST /api/counts/{id}/post: missing rolls are zeroed only when the clerk says so. */
export const PostCountSchema = z.strictObject({
  missing: z.enum(["zero", "keep"], { error: errorText("COUNT_MISSING_INVALID") }).default("keep"),
});

export const CountEntrySchema = z.object({
  id: idSchema,
  rollId: z.int().nullable(),
  rollCode: z.string().nullable(),
  countedYards: z.number(),
  countedAt: z.string(),
  countedBy: z.string(),
  kind: z.enum(COUNT_ENTRY_KINDS),
});
export type CountEntry = z.infer<typeof CountEntrySchema>;

export const CountReviewLineSchema = z.object({
  rollId: z.int().nullable(),
  rollCode: z.string().nullable(),
  materialId: z.int(),
  typeName: z.string(),
  colorName: z.string(),
  batch: z.string(),
  bin: z.string().nullable(),
  /** Left out for clerks and viewers while a blind count is open. */
  expectedYards: z.number().nullable().optional(),
  countedYards: z.number().nullable(),
  movedSinceYards: z.number(),
  varianceYards: z.number().nullable().optional(),
  status: z.enum(COUNT_LINE_STATUSES),
});
export type CountReviewLine = z.infer<typeof CountReviewLineSchema>;

export const CountReviewSchema = z.object({
  lines: z.array(CountReviewLineSchema),
  totals: z.object({
    expectedYards: z.number().nullable().optional(),
    countedYards: z.number(),
    varianceYards: z.number().nullable().optional(),
    /** Admins only. */
    varianceValue: z.number().optional(),
  }),
});
export type CountReview = z.infer<typeof CountReviewSchema>;

/** GET /api/counts/{id}/sheet: the rolls a count expects, bin by bin, for a printed walk. */
export const CountSheetSchema = z.object({
  number: z.string(),
  warehouseName: z.string(),
  bins: z.array(
    z.object({
      bin: z.string().nullable(),
      rolls: z.array(
        z.object({
          rollId: z.int(),
          rollCode: z.string(),
          materialId: z.int(),
          typeName: z.string(),
          colorName: z.string(),
          batch: z.string(),
          /** Left out for clerks and viewers while a blind count is open. */
          lengthYards: z.number().optional(),
        }),
      ),
    }),
  ),
});
export type CountSheet = z.infer<typeof CountSheetSchema>;
