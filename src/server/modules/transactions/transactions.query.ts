import { z } from "zod";
import { parseTransactionType, type TransactionType } from "../../../domain/transaction-kinds";
import { formatQueryShape } from "../../lib/csv";
import {
  type Page,
  pageQueryShape,
  pick,
  pickDate,
  pickId,
  pickPage,
  pickText,
  queryValue,
  type RawQuery,
  type RefinementCtx,
} from "./list-query";

export interface TransactionFilters {
  type?: TransactionType;
  startDate?: string;
  endDate?: string;
  materialId?: number;
  warehouseId?: number;
  batch?: string;
}

const filterShape = {
  type: queryValue.describe("Stored type name (Production Usage) or form code (production-usage)"),
  transactionType: queryValue.describe("Same as type"),
  startDate: queryValue.describe("yyyy-MM-dd, inclusive"),
  endDate: queryValue.describe("yyyy-MM-dd, inclusive"),
  material: queryValue.describe("Material id: a line of the transaction moved it"),
  materialId: queryValue.describe("Same as material"),
  warehouse: queryValue.describe("Warehouse id: named by the header or by any line"),
  warehouseId: queryValue.describe("Same as warehouse"),
  warehouseFilter: queryValue.describe("Same as warehouse"),
  batch: queryValue.describe("Exact batch of a line (trimmed, case-sensitive)"),
  batchFilter: queryValue.describe("Same as batch"),
};

function parseFilters(q: RawQuery, ctx: RefinementCtx): TransactionFilters {
  const filters: TransactionFilters = {};
  const type = pick(q, ["type", "transactionType"]);
  if (type) {
    const parsed = parseTransactionType(type.value);
    if (parsed) filters.type = parsed;
    else
      ctx.addIssue({
        code: "custom",
        path: [type.name],
        message: `Unknown transaction type "${type.value}"`,
      });
  }
  filters.startDate = pickDate(q, ["startDate"], ctx);
  filters.endDate = pickDate(q, ["endDate"], ctx);
  filters.materialId = pickId(q, ["material", "materialId"], ctx);
  filters.warehouseId = pickId(q, ["warehouse", "warehouseId", "warehouseFilter"], ctx);
  filters.batch = pickText(q, ["batch", "batchFilter"]);
  return filters;
}

/** Filters of GET /api/transactions/counts (spec section 7: both spellings of each). */
export const TransactionFilterQuerySchema = z.object(filterShape).transform(parseFilters);

/** GET /api/transactions: the filters plus optional limit/offset. */
export const TransactionListQuerySchema = z
  .object({ ...filterShape, ...pageQueryShape, ...formatQueryShape })
  .transform((q, ctx) => ({
    filters: parseFilters(q, ctx),
    page: pickPage(q, ctx) as Page,
    format: q.format ?? "json",
  }));
