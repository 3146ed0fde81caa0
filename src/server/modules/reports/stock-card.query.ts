import { z } from "zod";
import { errorText } from "../../../domain/error-text";
import { formatQueryShape } from "../../lib/export";
import { oneOf, queryDate, queryId, queryText } from "../../lib/list/list-query";
import { END_BEFORE_START } from "./supplier-shortages.query";

export const MATERIAL_REQUIRED = errorText("STOCK_CARD_MATERIAL_REQUIRED");

export interface StockCardScope {
  materialId: number;
  batch?: string;
  warehouseId?: number;
  startDate?: string;
  endDate?: string;
}

/** GET /api/reports/stock-card: the scope (material, optional batch and warehouse), the period, format. */
export const StockCardQuerySchema = z
  .object({
    material: queryId.describe("Material id (required)"),
    materialId: queryId.describe("Same as material"),
    batch: queryText.describe("Exact batch (trimmed, case-sensitive); absent: every batch"),
    batchFilter: queryText.describe("Same as batch"),
    warehouse: queryId.describe("Warehouse id; absent: every warehouse"),
    warehouseFilter: queryId.describe("Same as warehouse"),
    warehouseId: queryId.describe("Same as warehouse"),
    startDate: queryDate.describe(
      "yyyy-MM-dd, inclusive: lines from this date; what came before is the opening balance",
    ),
    endDate: queryDate.describe("yyyy-MM-dd, inclusive (absent: up to the last line)"),
    ...formatQueryShape,
  })
  .transform((q, ctx) => {
    const materialId = oneOf(q, ["material", "materialId"], ctx);
    if (materialId === undefined && q.material === undefined && q.materialId === undefined) {
      ctx.addIssue({ code: "custom", path: ["material"], message: MATERIAL_REQUIRED });
    }
    if (q.startDate && q.endDate && q.endDate < q.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: END_BEFORE_START });
    }
    const scope: StockCardScope = {
      materialId: materialId ?? 0,
      batch: oneOf(q, ["batch", "batchFilter"], ctx),
      warehouseId: oneOf(q, ["warehouse", "warehouseFilter", "warehouseId"], ctx),
      startDate: q.startDate,
      endDate: q.endDate,
    };
    return { scope, format: q.format ?? "json" };
  });
