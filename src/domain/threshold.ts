import { z } from "zod";
import { bodyIdSchema, hasVisibleCharacter, idSchema, MAX_ID, plainText } from "./common";
import { errorText } from "./error-text";

export const BATCH_MAX = 100;
export const THRESHOLD_MAX = 1_000_000_000;

const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === "string" && input.trim() === "");

export const ThresholdInputSchema = z.object({
  // A JSON integer, as the spec's client sends it: `"5"`, `true` or `[5]` are refused, not coerced.
  materialId: z
    .int({ error: errorText("MATERIAL_REQUIRED") })
    .min(
      1,
      // Stryker disable next-line StringLiteral: equivalent, the schema's own error gives the same message
      errorText("MATERIAL_REQUIRED"),
    )
    .max(MAX_ID, errorText("MATERIAL_NOT_FOUND")),
  /** Blank means a type+color-level threshold (spec section 5). */
  batch: plainText()
    .trim()
    .max(BATCH_MAX, errorText("BATCH_TOO_LONG", { max: BATCH_MAX }))
    // Only zero-width characters would be a batch no posting can name (postings refuse it).
    .refine((v) => v === "" || hasVisibleCharacter(v), errorText("THRESHOLD_BATCH_INVISIBLE"))
    .nullish()
    .transform((v) => (v ? v : null)),
  // A JSON number, as the spec's client sends it: missing or blank is "required", anything else
  // that is not a whole number >= 1 (0, 1.5, "abc", "5") is errorText("THRESHOLD_NOT_POSITIVE").
  thresholdYards: z
    .number({
      error: (issue) =>
        isBlank(issue.input) ? errorText("THRESHOLD_VALUE_REQUIRED") : errorText("THRESHOLD_NOT_POSITIVE"),
    })
    .int(
      // Stryker disable next-line StringLiteral: equivalent, the schema's own error gives the same message
      errorText("THRESHOLD_NOT_POSITIVE"),
    )
    .min(
      1,
      // Stryker disable next-line StringLiteral: equivalent, the schema's own error gives the same message
      errorText("THRESHOLD_NOT_POSITIVE"),
    )
    .max(THRESHOLD_MAX, errorText("THRESHOLD_TOO_LARGE")),
  isActive: z.boolean({ error: errorText("NOT_BOOLEAN") }).default(true),
});
export type ThresholdInput = z.input<typeof ThresholdInputSchema>;

/** PUT body: the spec's client sends the id along; it must match the id in the path. */
export const ThresholdUpdateSchema = ThresholdInputSchema.extend({ id: bodyIdSchema });

export const ThresholdSchema = z.object({
  id: idSchema,
  materialId: idSchema,
  typeName: z.string(),
  colorName: z.string(),
  batch: z.string().nullable(),
  thresholdYards: z.number().int(),
  isActive: z.boolean(),
});
export type Threshold = z.infer<typeof ThresholdSchema>;

export function thresholdTypeLabel(batch: string | null): "Batch Level" | "Type+Color Level" {
  return batch ? "Batch Level" : "Type+Color Level";
}

/** How a threshold's scope reads in messages: "All Batches" (the spec's label) or "Batch B-001". */
export function thresholdScopeLabel(batch: string | null): string {
  return batch ? `Batch ${batch}` : "All Batches";
}
