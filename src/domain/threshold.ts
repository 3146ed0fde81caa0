import { z } from "zod";
import { idSchema } from "./common";

export const BATCH_MAX = 100;

export const ThresholdInputSchema = z.object({
  materialId: z.coerce
    .number({ error: "Material is required" })
    .int("Material is required")
    .positive("Material is required"),
  /** Blank means a type+color-level threshold (spec section 5). */
  batch: z
    .string()
    .trim()
    .max(BATCH_MAX, `Batch must be at most ${BATCH_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  thresholdYards: z
    .number({ error: "Threshold value is required" })
    .int("Must be a positive number")
    .min(1, "Must be a positive number")
    .max(1_000_000_000, "Threshold is too large"),
  isActive: z.boolean().default(true),
});
export type ThresholdInput = z.input<typeof ThresholdInputSchema>;

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
