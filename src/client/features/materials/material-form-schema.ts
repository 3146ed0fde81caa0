import { z } from "zod";
import { MaterialInputSchema, remnantBelowSchema } from "../../../domain/material";
import { PLAIN_YARDS } from "../../../domain/yards";

/** Remnant below typed as something other than a plain number: "2,5" is not read as 25. */
export const REMNANT_BELOW_FORMAT = "Enter yards as a number with a dot for decimals, such as 2.5";

/** The typed text as yards (read as the transaction forms read them, PLAIN_YARDS): null when blank (the domain says "must be a number"). */
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
