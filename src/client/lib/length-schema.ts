import { z } from "zod";
import { lengthErrorKey, parseTypedLength } from "./format";

/**
 * A length field's text as yards for the API, read in the user's unit and decimal mark at the
 * moment the form is checked. Refusals carry a catalog key (common.length.*): FormMessage shows it
 * in the language of the moment (src/client/i18n/README.md).
 */
export function typedLength(options: { optional?: boolean } = {}) {
  return z.string().transform((text, ctx): number | undefined => {
    if (options.optional && text.trim() === "") return undefined;
    const parsed = parseTypedLength(text);
    if (parsed.ok) return parsed.yards;
    ctx.addIssue({ code: "custom", message: lengthErrorKey(parsed.error) });
    return z.NEVER;
  });
}
