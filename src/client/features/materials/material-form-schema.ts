import { z } from "zod";
import { MaterialInputSchema, remnantBelowSchema } from "../../../domain/material";
import { PLAIN_YARDS } from "../../../domain/yards";
import { getLocale } from "../../i18n/store";
import { parseTypedLength } from "../../lib/format";

/** Remnant below typed as something other than a plain number: "2,5" is not read as 25. */
export const REMNANT_BELOW_FORMAT = "Enter yards as a number with a dot for decimals, such as 2.5";

/** In another language or unit: the catalog key of the same advice in the user's words. */
const REMNANT_BELOW_FORMAT_KEY = "materials.form.remnantFormat";

const plainYards = () => getLocale().language === "en" && getLocale().lengthUnit === "yd";

/**
 * The typed text as yards: null when blank (the domain says "must be a number"). In English yards,
 * read as the transaction forms read them (PLAIN_YARDS); otherwise in the user's unit and decimal
 * mark (CONTRACT.md section 17), converted to yards.
 */
export function readRemnantBelow(text: string): number | null | "malformed" {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (plainYards()) return PLAIN_YARDS.test(trimmed) ? Number(trimmed) : "malformed";
  const parsed = parseTypedLength(trimmed);
  return parsed.ok ? parsed.yards : "malformed";
}

/**
 * The domain schema, with the remnant limit typed into a text box and read as the transaction forms
 * read yards (digits and a dot: a number box would drop the comma of "2,5" and send 25). The form
 * always sends it (blank is "must be a number"), so an edit saves what the field shows.
 */
export const MaterialFormSchema = MaterialInputSchema.extend({
  // Typed as taking anything (the field holds text): the setup screens' fields type their control by
  // the form's values, which the parsed number must fit.
  remnantBelowYards: z
    .unknown()
    .pipe(z.string())
    .transform((text) => readRemnantBelow(text))
    .refine((value) => value !== "malformed", {
      error: () => (plainYards() ? REMNANT_BELOW_FORMAT : REMNANT_BELOW_FORMAT_KEY),
      abort: true,
    })
    .pipe(remnantBelowSchema),
});
