import { z } from "zod";
import { isoDateSchema } from "../../../domain/common";

/**
 * Query-string helpers shared by the lists (transactions, stock levels, later the reports).
 * CONTRACT.md section 5: where the spec names a parameter two ways, both are accepted.
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

/** Query values arrive as strings; a repeated parameter arrives as an array and is refused. */
export const queryValue = z.string().max(200, "Must be at most 200 characters").optional();

export type RawQuery = Record<string, string | undefined>;

export type RefinementCtx = z.core.$RefinementCtx;
type Ctx = RefinementCtx;

/** The first of `names` that carries a value (blank and the spec's "all" sentinels carry none). */
export function pick(query: RawQuery, names: readonly string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = query[name]?.trim();
    if (value && !SENTINELS.has(value)) return { name, value };
  }
  return undefined;
}

export function pickText(query: RawQuery, names: readonly string[]): string | undefined {
  return pick(query, names)?.value;
}

export function pickId(query: RawQuery, names: readonly string[], ctx: Ctx): number | undefined {
  const found = pick(query, names);
  if (!found) return undefined;
  const n = Number(found.value);
  if (!/^\d+$/.test(found.value) || !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
    ctx.addIssue({ code: "custom", path: [found.name], message: "Must be a positive whole number (an id)" });
    return undefined;
  }
  return n;
}

export function pickDate(query: RawQuery, names: readonly string[], ctx: Ctx): string | undefined {
  const found = pick(query, names);
  if (!found) return undefined;
  const parsed = isoDateSchema.safeParse(found.value);
  if (!parsed.success) {
    ctx.addIssue({
      code: "custom",
      path: [found.name],
      message: parsed.error.issues[0]?.message ?? "Invalid date",
    });
    return undefined;
  }
  return parsed.data;
}

export function pickBoolean(query: RawQuery, names: readonly string[], ctx: Ctx): boolean {
  const found = pick(query, names);
  if (!found) return false;
  const value = found.value.toLowerCase();
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  ctx.addIssue({ code: "custom", path: [found.name], message: "Must be true or false" });
  return false;
}

export const MAX_LIMIT = 1000;

export interface Page {
  limit?: number;
  offset: number;
}

/** Optional `limit` (1..1000) and `offset` (>= 0); without a limit the whole list is returned. */
export function pickPage(query: RawQuery, ctx: Ctx): Page {
  const page: Page = { offset: 0 };
  const limit = query.limit?.trim();
  if (limit) {
    const n = Number(limit);
    if (!/^\d+$/.test(limit) || n < 1 || n > MAX_LIMIT) {
      ctx.addIssue({
        code: "custom",
        path: ["limit"],
        message: `Must be a whole number from 1 to ${MAX_LIMIT}`,
      });
    } else page.limit = n;
  }
  const offset = query.offset?.trim();
  if (offset) {
    const n = Number(offset);
    if (!/^\d+$/.test(offset) || !Number.isSafeInteger(n) || n > 2_147_483_647) {
      ctx.addIssue({ code: "custom", path: ["offset"], message: "Must be a whole number of 0 or more" });
    } else page.offset = n;
  }
  return page;
}

export const pageQueryShape = {
  limit: queryValue.describe(`Page size, 1 to ${MAX_LIMIT}; without it the whole list is returned`),
  offset: queryValue.describe("Rows to skip (with limit)"),
};
