import { z } from "zod";
import { activeSchema, bodyIdSchema, idSchema, optionalText, requiredText } from "./common";
import { errorText } from "./error-text";
import { hasAtMostTwoDecimals } from "./yards";

/**
 * The most a material's remnant limit may be. A remnant is the short piece left of a roll, and rolls
 * come in 15 to 120 yards: a limit above 100 yards would list nearly every full roll as a remnant,
 * which no store means (a typo such as 1000000 did just that), while 100 leaves room for a
 * wholesaler whose "short ends" run to tens of yards.
 */
export const MAX_REMNANT_BELOW_YARDS = 100;

export const REMNANT_BELOW_MESSAGES = {
  number: errorText("REMNANT_BELOW_NOT_NUMBER"),
  negative: errorText("REMNANT_BELOW_NEGATIVE"),
  decimals: errorText("REMNANT_BELOW_DECIMALS"),
  tooLarge: errorText("REMNANT_BELOW_TOO_LARGE", { max: MAX_REMNANT_BELOW_YARDS }),
} as const;

/**
 * A roll with 0 < length < this is a remnant; 0 turns remnants off (CONTRACT.md section 8).
 * Absent: a new material gets the default (DEFAULT_REMNANT_BELOW_YARDS in roll.ts, 3 yards), an
 * edit keeps the material's own. (Not imported here: the client's bundle keeps material.ts and
 * roll.ts in different chunks, and an import between them made the chunks import each other.)
 * At most MAX_REMNANT_BELOW_YARDS.
 */
export const remnantBelowSchema = z
  .number({ error: REMNANT_BELOW_MESSAGES.number })
  .refine((v) => v >= 0, REMNANT_BELOW_MESSAGES.negative)
  .refine(hasAtMostTwoDecimals, REMNANT_BELOW_MESSAGES.decimals)
  .max(MAX_REMNANT_BELOW_YARDS, REMNANT_BELOW_MESSAGES.tooLarge);

export const MaterialInputSchema = z.object({
  typeName: requiredText(errorText("MATERIAL_TYPE_REQUIRED")),
  colorName: requiredText(errorText("COLOR_NAME_REQUIRED")),
  colorCode: optionalText(100),
  isActive: activeSchema,
  remnantBelowYards: remnantBelowSchema
    .optional()
    .describe(
      `Rolls shorter than this (and longer than 0) are remnants; 0 turns remnants off; at most ${MAX_REMNANT_BELOW_YARDS} (absent: 3 for a new material, an edit keeps it)`,
    ),
});
export type MaterialInput = z.input<typeof MaterialInputSchema>;

/** PUT body: the spec's client sends the id along; it must match the id in the path. */
export const MaterialUpdateSchema = MaterialInputSchema.extend({ id: bodyIdSchema });

export const MaterialSchema = z.object({
  id: idSchema,
  typeName: z.string(),
  colorName: z.string(),
  colorCode: z.string().nullable(),
  /** False once archived (CONTRACT.md section 5): kept in history, out of pickers and new postings. */
  isActive: z.boolean(),
  /** Rolls with 0 < length < this are remnants; 0 turns remnants off (CONTRACT.md section 8). */
  remnantBelowYards: z.number(),
});
export type Material = z.infer<typeof MaterialSchema>;

// In a module without zod, for the screens that only list.
export { materialLabel } from "./names";
