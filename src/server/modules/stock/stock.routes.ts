import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/common";
import { type StockLevel, StockLevelSchema } from "../../../domain/stock";
import { localIsoDate } from "../../../domain/transaction";
import { type CsvColumn, jsonOrCsvResponse, sendCsv } from "../../lib/csv";
import { sendJsonRows } from "../../lib/list-body";
import { StockLevelQuerySchema } from "./stock.query";
import { countStockLevels, listStockLevelRows, listStockLevels, rowToStockLevel } from "./stock.repository";

const e = apiErrorSchema;

/** The Inventory screen's columns; Last Updated as the ISO-8601 UTC timestamp. */
const STOCK_LEVELS_CSV: CsvColumn<StockLevel>[] = [
  { header: "Type", value: (r) => r.typeName },
  { header: "Color", value: (r) => r.colorName },
  { header: "Batch", value: (r) => r.batch },
  { header: "Warehouse", value: (r) => r.warehouseName },
  { header: "Available Yards", value: (r) => r.availableYards },
  { header: "Status", value: (r) => (r.isLowStock ? "Low Stock" : "In Stock") },
  { header: "Last Updated", value: (r) => r.lastUpdated },
];

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
          "Stock levels by type, color, batch, warehouse (X-Total-Count header: matches before paging)",
        querystring: StockLevelQuerySchema,
        response: {
          200: jsonOrCsvResponse(z.array(StockLevelSchema), "Stock rows (format=csv: as CSV)"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const { filters, page, format } = request.query;
      const csv = (rows: StockLevel[]) =>
        sendCsv(reply, "stock-levels", localIsoDate(app.config.now()), STOCK_LEVELS_CSV, rows);
      if (page.limit === undefined && page.offset === 0) {
        // The whole list (54k rows at the large seed): answer objects are made a chunk at a time.
        const rows = await listStockLevelRows(db.kysely, filters);
        reply.header("X-Total-Count", String(rows.length));
        return format === "csv" ? csv(rows.map(rowToStockLevel)) : sendJsonRows(reply, rows, rowToStockLevel);
      }
      const [rows, total] = await Promise.all([
        listStockLevels(db.kysely, filters, page),
        countStockLevels(db.kysely, filters),
      ]);
      reply.header("X-Total-Count", String(total));
      return format === "csv" ? csv(rows) : sendJsonRows(reply, rows);
    },
  );
};
