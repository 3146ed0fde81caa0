import { z } from "zod";
import { MaterialInputSchema, remnantBelowSchema } from "../../../domain/material";

/** Remnant below typed as something other than a plain number: "2,5" is not read as 25. */
export const REMNANT_BELOW_FORMAT = "Enter yards as a number with a dot for decimals, such as 2.5";

/**
 * Yards as the transaction forms read them (PLAIN_YARDS in transactions/form/form-model.ts, kept
 * equal by material-form-schema.test.ts): digits with an optional decimal point and a leading minus
 * (refused by name by the domain rule). Not imported from there: that put form-model.ts in a chunk
 * of its own, a file more for the receive form (tests/e2e/first-load.test.ts). Both belong in
 * src/domain/yards.ts.
 */
const PLAIN_YARDS = /^-?(\d+\.?\d*|\.\d+)$/;

/** The typed text as yards: null when blank (the domain says "must be a number"). */
export function readRemnantBelow(text: string): number | null | "malformed" {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return PLAIN_YARDS.test(trimmed) ? Number(trimmed) : "malformed";
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
    .refine((value) => value !== "malformed", { message: REMNANT_BELOW_FORMAT, abort: true })
    .pipe(remnantBelowSchema),
});
