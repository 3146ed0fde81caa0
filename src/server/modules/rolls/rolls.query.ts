import { z } from "zod";
import { plainText } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { ROLL_DEFAULT_SORT, ROLL_SORTS } from "../../../domain/list-sorts";
import { ROLL_STATUSES } from "../../../domain/roll";
import { formatQueryShape } from "../../lib/export";
import {
  oneOf,
  type Page,
  pageQueryShape,
  pickPage,
  queryEnum,
  queryId,
  queryText,
  queryTextOf,
  type RefinementCtx,
  sameText,
} from "../../lib/list/list-query";
import { pickSort, querySearch, sortQueryShape } from "../../lib/list/list-sort";
import type { RollFilters, RollSort } from "./rolls.repository";

/**
 * GET /api/rolls and GET /api/reports/remnants (CONTRACT.md section 8): the stock list's filters in
 * the same spellings (CONTRACT.md section 5), the roll code prefix, `q`, paging, sort and format.
 */
/** At most this many rolls by id at once (a receive's labels). */
export const MAX_ROLL_IDS = 500;

const rollFilterShape = {
  material: queryId.describe("Material id"),
  materialId: queryId.describe("Same as material"),
  type: queryText.describe("Material type name (case-insensitive)"),
  typeFilter: queryText.describe("Same as type"),
  color: queryText.describe("Color name (case-insensitive)"),
  colorFilter: queryText.describe("Same as color"),
  batch: queryText.describe("Exact batch (trimmed, case-sensitive)"),
  batchFilter: queryText.describe("Same as batch"),
  warehouse: queryId.describe("Warehouse id"),
  warehouseFilter: queryId.describe("Same as warehouse"),
  warehouseId: queryId.describe("Same as warehouse"),
  code: queryTextOf(40).describe(
    "Roll code prefix, case-insensitive (R00012 matches R000120-R000129); a prefix no code can have matches nothing",
  ),
  q: querySearch.describe(
    "Search: rolls whose code starts with this text, or whose type, color, batch or bin contains it (case-insensitive)",
  ),
  ids: queryTextOf(6000).describe(
    `These rolls only (labels): up to ${MAX_ROLL_IDS} ids separated by commas; Used Up ones included unless status says otherwise`,
  ),
};

function parseIds(text: string | undefined, ctx: RefinementCtx): number[] | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(",").map((p) => p.trim());
  const ids = parts.map(Number);
  if (
    parts.length > MAX_ROLL_IDS ||
    parts.some((p) => !/^[1-9]\d{0,9}$/.test(p)) ||
    ids.some((id) => id > 2_147_483_647)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["ids"],
      message: errorText("ROLL_IDS_LIST", { max: MAX_ROLL_IDS }),
    });
    return undefined;
  }
  return [...new Set(ids)];
}

const statusShape = {
  status: queryEnum(ROLL_STATUSES, (input) =>
    typeof input === "string"
      ? errorText("UNKNOWN_ROLL_STATUS", { status: String(input), values: ROLL_STATUSES.join(", ") })
      : errorText("ONE_ROLL_STATUS"),
  ).describe(`One of ${ROLL_STATUSES.join(", ")}; absent: every roll but the Used Up ones`),
};

type RollFilterQuery = z.output<z.ZodObject<typeof rollFilterShape>>;

function parseRollFilters(q: RollFilterQuery, ctx: RefinementCtx): RollFilters {
  return {
    materialId: oneOf(q, ["material", "materialId"], ctx),
    typeName: oneOf(q, ["type", "typeFilter"], ctx, sameText),
    colorName: oneOf(q, ["color", "colorFilter"], ctx, sameText),
    batch: oneOf(q, ["batch", "batchFilter"], ctx),
    warehouseId: oneOf(q, ["warehouse", "warehouseFilter", "warehouseId"], ctx),
    code: q.code,
    q: q.q,
    ids: parseIds(q.ids, ctx),
  };
}

export interface RollListQuery {
  filters: RollFilters;
  sort: RollSort;
  page: Page;
  format: "json" | "csv" | "xlsx";
}

const listShape = {
  ...sortQueryShape(ROLL_SORTS, "code, newest first"),
  ...pageQueryShape,
  ...formatQueryShape,
};

/** GET /api/rolls. */
export const RollListQuerySchema = z.object({ ...rollFilterShape, ...statusShape, ...listShape }).transform(
  (q, ctx): RollListQuery => ({
    filters: { ...parseRollFilters(q, ctx), status: q.status },
    sort: pickSort(q, ROLL_DEFAULT_SORT) as RollSort,
    page: pickPage(q),
    format: q.format ?? "json",
  }),
);

/** GET /api/reports/remnants: the rolls list of the Remnant rolls (no status parameter). */
export const RemnantsQuerySchema = z.object({ ...rollFilterShape, ...listShape }).transform(
  (q, ctx): RollListQuery => ({
    filters: { ...parseRollFilters(q, ctx), status: "Remnant" },
    sort: pickSort(q, ROLL_DEFAULT_SORT) as RollSort,
    page: pickPage(q),
    format: q.format ?? "json",
  }),
);

/** GET /api/rolls/by-code/{code}. */
export const RollCodeParamsSchema = z.object({
  // Text without control characters (CONTRACT.md section 1): a scanner's stray newline is a 400.
  code: plainText({ max: 200 }).describe(
    "A roll code such as R000123 (case-insensitive); anything else is 404",
  ),
});
