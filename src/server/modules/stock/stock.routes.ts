import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/common";
import { type StockLevel, StockLevelSchema } from "../../../domain/stock";
import { localIsoDate } from "../../../domain/transaction";
import { exportResponse, sendExport } from "../../lib/export";
import { sendJsonRows } from "../../lib/list-body";
import { stockNameParts } from "../export-names";
import { STOCK_LEVEL_COLUMNS } from "../reports/reports.export";
import { StockLevelQuerySchema } from "./stock.query";
import { countStockLevels, listStockLevelRows, listStockLevels, rowToStockLevel } from "./stock.repository";

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
          "Stock levels by type, color, batch, warehouse; rows at 0 only with includeEmpty=true (X-Total-Count header: matches before paging)",
        querystring: StockLevelQuerySchema,
        response: {
          200: exportResponse(z.array(StockLevelSchema), "Stock rows (format=csv|xlsx: as a file)"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const { filters, sort, page, format } = request.query;
      const file = async (rows: StockLevel[], as: "csv" | "xlsx") => {
        const parts = await stockNameParts(db.kysely, filters);
        const date = localIsoDate(app.config.now());
        return sendExport(
          reply,
          as,
          { name: "stock-levels", parts, date, title: "Stock Levels" },
          STOCK_LEVEL_COLUMNS,
          rows,
        );
      };
      if (page.limit === undefined && page.offset === 0) {
        // The whole list (54k rows at the large seed): answer objects are made a chunk at a time.
        const rows = await listStockLevelRows(db.kysely, filters, page, sort);
        reply.header("X-Total-Count", String(rows.length));
        return format === "json"
          ? sendJsonRows(reply, rows, rowToStockLevel)
          : file(rows.map(rowToStockLevel), format);
      }
      const [rows, total] = await Promise.all([
        listStockLevels(db.kysely, filters, page, sort),
        countStockLevels(db.kysely, filters),
      ]);
      reply.header("X-Total-Count", String(total));
      return format === "json" ? sendJsonRows(reply, rows) : file(rows, format);
    },
  );
};
