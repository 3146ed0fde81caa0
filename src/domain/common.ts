import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "./error-codes";
import { errorText } from "./error-text";

export const TEXT_MESSAGES = {
  control: errorText("TEXT_CONTROL_CHARACTERS"),
  surrogate: errorText("TEXT_BROKEN_CHARACTERS"),
} as const;

/**
 * Why a string may not be stored (CONTRACT.md section 1): a control character (U+0000-U+001F,
 * U+007F; tab, LF and CR allowed when `lineBreaks`) or a lone surrogate, or null when it is fine.
 * PostgreSQL cannot store a NUL at all, and a lone surrogate would be silently replaced by U+FFFD
 * on its way to either database, so neither may reach a query.
 */
export function badCharacter(text: string, lineBreaks = false): keyof typeof TEXT_MESSAGES | null {
  // Stryker disable next-line EqualityOperator: equivalent, charCodeAt past the end is NaN, which no check matches
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) {
      if (lineBreaks && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return "control";
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return "surrogate";
      i++;
    }
  }
  return null;
}

// White space and the zero-width characters (U+200B-U+200D, U+2060, U+FEFF, soft hyphen...) do not
// show: a name made only of them looks blank in every list.
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;

/** True when `text` has at least one character that shows. */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}

function safeText(error?: string, lineBreaks = false) {
  return z.string(error ? { error } : undefined).superRefine((value, ctx) => {
    // Checked before trimming: a tab or line break at either end is still a control character.
    const bad = badCharacter(value, lineBreaks);
    if (bad) ctx.addIssue({ code: "custom", message: TEXT_MESSAGES[bad] });
  });
}

/**
 * Any string that comes in and is not a name or free text: login fields, passwords, query filters.
 * Not trimmed (a password keeps its spaces).
 */
export function plainText(options: { max?: number; maxMessage?: string; error?: string } = {}) {
  const { max, maxMessage = errorText("TEXT_TOO_LONG", { max: String(max) }), error } = options;
  const text = safeText(error);
  return max === undefined ? text : text.max(max, maxMessage);
}

/**
 * A name: trimmed before the length checks, and it must show (not only spaces or zero-width
 * characters); `message` is the spec's "required" wording.
 */
export function requiredText(message: string, max = 200, maxMessage = errorText("TEXT_TOO_LONG", { max })) {
  return safeText(message)
    .trim()
    .min(1, message)
    .max(max, maxMessage)
    .refine((v) => v === "" || hasVisibleCharacter(v), message);
}

/**
 * Optional free text: trimmed, blank becomes null. `multiline` (notes, contact information) allows
 * tab, LF and CR; `maxMessage` words the length limit for a field that has its own wording.
 */
export function optionalText(
  max = 1000,
  { multiline = false, maxMessage = errorText("TEXT_TOO_LONG", { max }) } = {},
) {
  return safeText(undefined, multiline)
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** The largest id: ids are PostgreSQL `integer` (int32). */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a JSON body or answer: a JSON integer, never a string, boolean or array (CONTRACT.md
 * section 5: `"1"`, `true`, `[4]` are 400; nothing is coerced).
 */
export const idSchema = z
  .int({ error: errorText("ID_NOT_WHOLE") })
  .min(1, errorText("ID_NOT_POSITIVE"))
  .max(MAX_ID, errorText("ID_TOO_LARGE"));

/** How an id is written in a path or query string: decimal digits, no sign, no leading zero, no spaces. */
export const ID_TEXT = /^[1-9][0-9]*$/;
const ID_TEXT_MESSAGE = errorText("ID_TEXT", { max: MAX_ID });

/** Digits of an id (ID_TEXT) as a number; anything else is left as it came, for the check to refuse. */
export function idFromText(value: unknown): unknown {
  return typeof value === "string" && ID_TEXT.test(value) ? Number(value) : value;
}

/**
 * An id in a path or query string. The value arrives as text and only the canonical digits are
 * accepted (`0x1`, `+1`, ` 1`, `1e0`, `01` are 400); the OpenAPI document types it as an integer.
 */
export const idTextSchema = z.preprocess(
  idFromText,
  z.int({ error: ID_TEXT_MESSAGE }).min(1, ID_TEXT_MESSAGE).max(MAX_ID, ID_TEXT_MESSAGE),
);

export const idParamsSchema = z.object({ id: idTextSchema });

// In a module without zod, for the screens that only list and filter.
export { nameKey } from "./names";

/** A code of the error registry (error-codes.ts): on every error answer and every issue. */
export const errorCodeSchema = z
  .enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]])
  .describe("A stable code of the error registry; the client's catalog has its message in each language");
/** The values the code's message names (`{roll}`, `{date}`...), so it can be said in another language. */
export const errorParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe("The values the code's message template names");

export const apiErrorSchema = z.object({
  message: z.string().describe("In English, for API clients: messageCode's template with params"),
  code: errorCodeSchema.describe("What kind of refusal (a client may branch on it)"),
  messageCode: errorCodeSchema.describe("The code whose English template with params is `message`"),
  params: errorParamsSchema,
  issues: z
    .array(
      z.object({
        path: z.string(),
        message: z.string().describe("In English: code's template with params"),
        code: errorCodeSchema,
        params: errorParamsSchema,
      }),
    )
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, errorText("DATE_FORMAT"))
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, errorText("DATE_NOT_REAL"));

/** An id repeated in a PUT body (the spec's client sends it); optional, compared with the path's id. */
export const bodyIdSchema = idSchema.nullish();

/**
 * isActive in a warehouse, supplier or material body: a JSON boolean ("yes", 1 are 400). Absent
 * means true on POST and "unchanged" on PUT, so that editing an archived row keeps it archived.
 */
export const activeSchema = z
  .boolean({ error: errorText("NOT_BOOLEAN") })
  .optional()
  .describe("false archives it, true restores it (absent: a new one is active, an edit keeps it as it is)");
