import { z } from "zod";
import { errorText } from "../../../domain/error-text";
import { MOVEMENT_VALUE_GROUP_BYS, STOCK_VALUE_GROUP_BYS } from "../../../domain/stock-value";
import { formatQueryShape } from "../../lib/export";
import { queryDate, queryEnum } from "../../lib/list/list-query";
import { END_BEFORE_START } from "./supplier-shortages.query";

/** GET /api/reports/stock-value: the grouping (warehouse when absent), the date, the format. */
export const StockValueQuerySchema = z
  .object({
    groupBy: queryEnum(STOCK_VALUE_GROUP_BYS, () =>
      errorText("MUST_BE_ONE_OF", { values: STOCK_VALUE_GROUP_BYS.join(", ") }),
    ).describe("warehouse (the default), material (type and color), type, or batch (per material)"),
    asOf: queryDate.describe(
      "yyyy-MM-dd, today or before: the stock at the end of that date, from the ledger (absent: now)",
    ),
    ...formatQueryShape,
  })
  .transform((q) => ({
    groupBy: q.groupBy ?? "warehouse",
    asOf: q.asOf,
    format: q.format ?? "json",
  }));

/**
 * GET /api/reports/movement-value: the period (inclusive; without dates the current month up to
 * today, filled in by the route from the server's date), the grouping (transaction type when absent).
 */
export const MovementValueQuerySchema = z
  .object({
    startDate: queryDate.describe("yyyy-MM-dd, inclusive (absent: the first day of endDate's month)"),
    endDate: queryDate.describe("yyyy-MM-dd, inclusive (absent: today)"),
    groupBy: queryEnum(MOVEMENT_VALUE_GROUP_BYS, () =>
      errorText("MUST_BE_ONE_OF", { values: MOVEMENT_VALUE_GROUP_BYS.join(", ") }),
    ).describe("type (the transaction type, the default), material (type and color), or warehouse"),
    ...formatQueryShape,
  })
  .transform((q, ctx) => {
    if (q.startDate && q.endDate && q.endDate < q.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: END_BEFORE_START });
    }
    return {
      startDate: q.startDate,
      endDate: q.endDate,
      groupBy: q.groupBy ?? "type",
      format: q.format ?? "json",
    };
  });

/** The period of a movement-value query: absent dates filled from `today` (yyyy-MM-dd). */
export function movementPeriod(
  q: { startDate?: string; endDate?: string },
  today: string,
): { startDate: string; endDate: string } {
  const endDate = q.endDate ?? (q.startDate !== undefined && q.startDate > today ? q.startDate : today);
  const startDate = q.startDate ?? `${endDate.slice(0, 8)}01`;
  return { startDate, endDate };
}
