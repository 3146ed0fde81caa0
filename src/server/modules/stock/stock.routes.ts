import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/common";
import { type StockLevel, StockLevelSchema } from "../../../domain/stock";
import { localIsoDate } from "../../../domain/transaction";
import { seesCost } from "../../lib/cost-access";
import { exportResponse, sendExport } from "../../lib/export";
import { sendJsonRows } from "../../lib/list/list-body";
import { stockNameParts } from "../export-names";
import { stockLevelColumns } from "../reports/reports.export";
import { assertAsOfNotFuture, withAsOfBase } from "./as-of";
import { readOnOrder } from "./on-order";
import { StockLevelQuerySchema } from "./stock.query";
import {
  countStockLevels,
  listStockLevelRows,
  listStockLevelsAsOfPage,
  stockLevelMapper,
} from "./stock.repository";

const e = apiErrorSchema;

/** Stock levels per (material, batch, warehouse), read from the balances the ledger keeps. */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    "/stock-levels",
    {
      config: { access: "read" },
      schema: {
        tags: ["stock"],
        summary:
          "Stock levels by type, color, batch, warehouse; rows at 0 only with includeEmpty=true (X-Total-Count header: matches before paging). " +
          "With asOf: the balances at the end of that date from the ledger (isLowStock: today's thresholds on those yards). " +
          "Admins also get valueAmount and unitCost (with asOf: the value at the end of that date)",
        querystring: StockLevelQuerySchema,
        response: {
          200: exportResponse(z.array(StockLevelSchema), "Stock rows (format=csv|xlsx: as a file)"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const { sort, page, format } = request.query;
      assertAsOfNotFuture(request.query.filters.asOf, localIsoDate(app.config.now()));
      const filters = await withAsOfBase(db, request.query.filters);
      const withCost = seesCost(request.user);
      const onOrder = await readOnOrder(db.kysely);
      const file = async (rows: StockLevel[], as: "csv" | "xlsx") => {
        const parts = await stockNameParts(db.kysely, filters);
        const date = localIsoDate(app.config.now());
        return sendExport(
          reply,
          as,
          { name: "stock-levels", parts, date, title: "Stock Levels" },
          stockLevelColumns(withCost),
          rows,
        );
      };
      if (page.limit === undefined && page.offset === 0) {
        // The whole list (54k rows at the large seed): answer objects are made a chunk at a time.
        const rows = await listStockLevelRows(db.kysely, filters, page, sort);
        const toLevel = stockLevelMapper(withCost, onOrder);
        reply.header("X-Total-Count", String(rows.length));
        return format === "json" ? sendJsonRows(reply, rows, toLevel) : file(rows.map(toLevel), format);
      }
      const { rows, total } =
        filters.asOf !== undefined
          ? await listStockLevelsAsOfPage(db.kysely, filters, page, sort)
          : await Promise.all([
              listStockLevelRows(db.kysely, filters, page, sort),
              countStockLevels(db.kysely, filters),
            ]).then(([rows, total]) => ({ rows, total }));
      const toLevel = stockLevelMapper(withCost, onOrder);
      const levels = rows.map(toLevel);
      reply.header("X-Total-Count", String(total));
      return format === "json" ? sendJsonRows(reply, levels) : file(levels, format);
    },
  );
};
