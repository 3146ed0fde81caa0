import { z } from "zod";
import { errorText } from "../../../domain/error-text";
import { SUPPLIER_SHORTAGE_DEFAULT_SORT, SUPPLIER_SHORTAGE_SORTS } from "../../../domain/list-sorts";
import { formatQueryShape } from "../../lib/export";
import { oneOf, type Page, pageQueryShape, pickPage, queryDate, queryId } from "../../lib/list/list-query";
import { pickSort, sortQueryShape } from "../../lib/list/list-sort";

export const END_BEFORE_START = errorText("END_BEFORE_START");

/** GET /api/reports/supplier-shortages: the period (inclusive), the drill-down supplier, paging, format. */
export const SupplierShortageQuerySchema = z
  .object({
    startDate: queryDate.describe(
      "yyyy-MM-dd, inclusive, on the rolls' firstReceived (absent: from the start)",
    ),
    endDate: queryDate.describe("yyyy-MM-dd, inclusive (absent: up to today)"),
    supplier: queryId.describe("Supplier id: that supplier's ticketed rolls instead of one row per supplier"),
    supplierId: queryId.describe("Same as supplier"),
    groupBy: z
      .enum(["supplier", "receipt"], { error: errorText("SHORTAGES_GROUP_BY_INVALID") })
      .optional()
      .describe("receipt: one row per delivery (newest first; with supplier, that supplier's deliveries)"),
    ...pageQueryShape,
    ...formatQueryShape,
    ...sortQueryShape(
      SUPPLIER_SHORTAGE_SORTS,
      "the largest share short first (the suppliers; rolls: newest first)",
    ),
  })
  .transform((q, ctx) => {
    if (q.startDate && q.endDate && q.endDate < q.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: END_BEFORE_START });
    }
    return {
      filters: { startDate: q.startDate, endDate: q.endDate },
      supplierId: oneOf(q, ["supplier", "supplierId"], ctx),
      page: pickPage(q) as Page,
      sort: pickSort(q, SUPPLIER_SHORTAGE_DEFAULT_SORT),
      format: q.format ?? "json",
      groupBy: q.groupBy ?? "supplier",
    };
  });
