import { z } from "zod";
import { badCharacter, idTextSchema, isoDateSchema, MAX_ID, plainText } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";

/**
 * Query-string parameters shared by the lists (transactions, stock levels, reports), typed so that
 * the OpenAPI document shows integers, booleans and enums (CONTRACT.md section 5). Values arrive as
 * text: each schema turns the canonical spelling into its type and refuses anything else with 400
 * (`0x1`, `+1`, ` 1`, `1e0`, `TRUE`, a repeated parameter). Where the spec names a parameter two
 * ways, both are accepted (`oneOf`), and two names that disagree are 400.
 */

/** The spec's "all" options of its selects; a client that sends one means "no filter". */
const SENTINELS = new Set([
  "all_types",
  "all_colors",
  "all_batches",
  "all_warehouses",
  "all_materials",
  "all_ages",
]);

/** Blank values and the spec's "all" sentinels carry no filter: they become absent. */
function present(value: unknown): unknown {
  // A control character (even one that trims away, such as %0D) is not a blank: the schema refuses it.
  if (typeof value !== "string" || badCharacter(value)) return value;
  const trimmed = value.trim();
  return trimmed === "" || SENTINELS.has(trimmed) ? undefined : value;
}

/** Free text (trimmed), at most `max` characters, without control characters (common.ts plainText). */
export const queryTextOf = (max: number) =>
  z.preprocess((value) => {
    // A control character is refused, not trimmed away: the check sees the value as sent.
    if (typeof value === "string" && badCharacter(value)) return value;
    const v = present(value);
    return typeof v === "string" ? v.trim() : v;
  }, plainText({ max, error: errorText("QUERY_TEXT_ONCE") }).optional());

/** Free text (trimmed), at most 200 characters, without control characters. */
export const queryText = queryTextOf(200);

/** An id: decimal digits of a positive int32 (common.ts idTextSchema). */
export const queryId = z.preprocess(present, idTextSchema.optional());

/** A yyyy-MM-dd date, exactly: blank is absent, a date with spaces around it is 400 like in a body. */
export const queryDate = z.preprocess(present, isoDateSchema.optional());

/** `true` or `false`, exactly; absent (or blank) is false for the filters that use it. */
export const queryBoolean = z.preprocess((value) => {
  const v = present(value);
  return v === "true" ? true : v === "false" ? false : v;
}, z.boolean({ error: errorText("NOT_BOOLEAN") }).optional());

/**
 * One of `values`, matched without regard to case and given back as listed; `aliases` are other
 * spellings (lower case) of a value, or of no value (null: absent, like a select's "all" option).
 * `message` says what went wrong for a value that is none of them.
 */
export function queryEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  message: (input: unknown) => string,
  aliases: Record<string, T[number] | null> = {},
) {
  return z.preprocess((value) => {
    const v = present(value);
    if (typeof v !== "string") return v;
    const lower = v.trim().toLowerCase();
    if (Object.hasOwn(aliases, lower)) return aliases[lower] ?? undefined;
    return values.find((option) => option.toLowerCase() === lower) ?? v;
  }, z.enum(values, { error: (issue) => message(issue.input) }).optional());
}

export type RefinementCtx = z.core.$RefinementCtx;

/**
 * The one value of a filter that may be sent under several `names` (CONTRACT.md section 5): the
 * first one given; a second name with a different value (by `same`) is a 400 on that name.
 */
export function oneOf<Q extends Record<string, unknown>, K extends keyof Q & string>(
  query: Q,
  names: readonly K[],
  ctx: RefinementCtx,
  same: (a: NonNullable<Q[K]>, b: NonNullable<Q[K]>) => boolean = (a, b) => a === b,
): NonNullable<Q[K]> | undefined {
  let first: { name: K; value: NonNullable<Q[K]> } | undefined;
  for (const name of names) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    if (!first) first = { name, value };
    else if (!same(first.value, value)) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: errorText("FILTER_NAMES_DISAGREE", { first: first.name, second: name }),
      });
    }
  }
  return first?.value;
}

/** Case-insensitive comparison, for the filters that match names without regard to case. */
export const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const MAX_LIMIT = 1000;

export interface Page {
  limit?: number;
  offset: number;
}

const DIGITS = /^(0|[1-9][0-9]*)$/;
const number = (value: unknown) => {
  const v = present(value);
  return typeof v === "string" && DIGITS.test(v) ? Number(v) : v;
};
const LIMIT_MESSAGE = errorText("LIMIT_RANGE", { max: MAX_LIMIT });
const OFFSET_MESSAGE = errorText("OFFSET_RANGE", { max: MAX_ID });

/** Optional `limit` (1..1000) and `offset` (>= 0); without a limit the whole list is returned. */
export const pageQueryShape = {
  limit: z
    .preprocess(
      number,
      z.int({ error: LIMIT_MESSAGE }).min(1, LIMIT_MESSAGE).max(MAX_LIMIT, LIMIT_MESSAGE).optional(),
    )
    .describe(`Page size, 1 to ${MAX_LIMIT}; without it the whole list is returned`),
  offset: z
    .preprocess(
      number,
      z.int({ error: OFFSET_MESSAGE }).min(0, OFFSET_MESSAGE).max(MAX_ID, OFFSET_MESSAGE).optional(),
    )
    .describe("Rows to skip (with limit)"),
};

/** The largest row count SQL is asked for where it needs a LIMIT to skip rows (an int32). */
const ALL_ROWS = 2_147_483_647;

/** A query limited to `page`; SQLite takes OFFSET only after a LIMIT, so a bare offset gets one. */
export function withPage<Q extends { limit(n: number): Q; offset(n: number): Q }>(query: Q, page: Page): Q {
  if (page.limit === undefined && page.offset === 0) return query;
  return query.limit(page.limit ?? ALL_ROWS).offset(page.offset);
}

export function pickPage(query: { limit?: number; offset?: number }): Page {
  return query.limit === undefined
    ? { offset: query.offset ?? 0 }
    : { limit: query.limit, offset: query.offset ?? 0 };
}
