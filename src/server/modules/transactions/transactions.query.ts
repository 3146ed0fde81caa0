import { z } from "zod";
import {
  COST_CORRECTION_KIND,
  COST_CORRECTION_TYPE,
  parseTypeFilter,
  type TransactionTypeFilter,
} from "../../../domain/cost-correction-kind";
import { errorText } from "../../../domain/error-text";
import { TRANSACTION_DEFAULT_SORT, TRANSACTION_SORTS } from "../../../domain/list-sorts";
import { TRANSACTION_KINDS, TRANSACTION_TYPES } from "../../../domain/transaction-kinds";
import { formatQueryShape } from "../../lib/export";
import {
  oneOf,
  type Page,
  pageQueryShape,
  pickPage,
  queryDate,
  queryEnum,
  queryId,
  queryText,
  type RefinementCtx,
} from "../../lib/list/list-query";
import { pickSort, querySearch, type Sort, sortQueryShape } from "../../lib/list/list-sort";

export interface TransactionFilters {
  /** A stored type (Receive: deliveries, corrections left out) or the cost corrections. */
  type?: TransactionTypeFilter;
  startDate?: string;
  endDate?: string;
  materialId?: number;
  warehouseId?: number;
  batch?: string;
  /** Free text contained in the number, reference, supplier, or a line's type, color or batch. */
  q?: string;
}

export type TransactionSort = Sort<(typeof TRANSACTION_SORTS)[number]>;

/**
 * A stored type name or a form code (case-insensitive), or the cost corrections (Cost Correction |
 * cost-correction); all_types or blank: every type.
 */
const typeFilter = () =>
  queryEnum(
    [...TRANSACTION_TYPES, ...TRANSACTION_KINDS, COST_CORRECTION_TYPE, COST_CORRECTION_KIND],
    (input) =>
      typeof input === "string"
        ? errorText("UNKNOWN_TRANSACTION_TYPE", { type: input })
        : errorText("ONE_TRANSACTION_TYPE"),
  );

const filterShape = {
  type: typeFilter().describe(
    "Stored type name (Production Usage) or form code (production-usage); Cost Correction (cost-correction): the cost corrections, which Receive leaves out",
  ),
  transactionType: typeFilter().describe("Same as type"),
  startDate: queryDate.describe("yyyy-MM-dd, inclusive"),
  endDate: queryDate.describe("yyyy-MM-dd, inclusive"),
  material: queryId.describe("Material id: a line of the transaction moved it"),
  materialId: queryId.describe("Same as material"),
  warehouse: queryId.describe("Warehouse id: named by the header or by any line"),
  warehouseId: queryId.describe("Same as warehouse"),
  warehouseFilter: queryId.describe("Same as warehouse"),
  batch: queryText.describe("Exact batch of a line (trimmed, case-sensitive)"),
  batchFilter: queryText.describe("Same as batch"),
  q: querySearch.describe(
    "Search: transactions whose number, reference or supplier, or a line's type, color or batch, contains this text (case-insensitive)",
  ),
};

type FilterQuery = z.output<z.ZodObject<typeof filterShape>>;

function parseFilters(q: FilterQuery, ctx: RefinementCtx): TransactionFilters {
  const type = oneOf(
    q,
    ["type", "transactionType"],
    ctx,
    (a, b) => parseTypeFilter(a) === parseTypeFilter(b),
  );
  return {
    type: type === undefined ? undefined : parseTypeFilter(type),
    startDate: q.startDate,
    endDate: q.endDate,
    materialId: oneOf(q, ["material", "materialId"], ctx),
    warehouseId: oneOf(q, ["warehouse", "warehouseId", "warehouseFilter"], ctx),
    batch: oneOf(q, ["batch", "batchFilter"], ctx),
    q: q.q,
  };
}

/** Filters of GET /api/transactions/counts (spec section 7: both spellings of each). */
export const TransactionFilterQuerySchema = z.object(filterShape).transform(parseFilters);

/** GET /api/transactions: the filters plus optional limit/offset. */
export const TransactionListQuerySchema = z
  .object({
    ...filterShape,
    ...sortQueryShape(TRANSACTION_SORTS, "newest first (transactionDate desc)"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    filters: parseFilters(q, ctx),
    sort: pickSort(q, TRANSACTION_DEFAULT_SORT) as TransactionSort,
    page: pickPage(q) as Page,
    format: q.format ?? "json",
  }));
