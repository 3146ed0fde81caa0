import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/common";
import { MovementValueRowSchema, StockValueRowSchema } from "../../../domain/stock-value";
import { localIsoDate } from "../../../domain/transaction";
import { exportResponse, sendExport } from "../../lib/export";
import { sendJsonRows } from "../../lib/list/list-body";
import { assertAsOfNotFuture } from "../stock/as-of";
import { asOfBase } from "../stock/as-of-snapshots";
import { movementValueReport } from "./movement-value.repository";
import { movementValueColumns, stockValueColumns } from "./stock-value.export";
import { MovementValueQuerySchema, movementPeriod, StockValueQuerySchema } from "./stock-value.query";
import { stockValueReport } from "./stock-value.repository";

const e = apiErrorSchema;

/**
 * The value reports (CONTRACT.md section 11, issue 17): admin only, like every money field. Value
 * follows the roll (specific identification), stored to the ten-thousandth.
 */
export const stockValueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const today = () => localIsoDate(app.config.now());

  app.get(
    "/reports/stock-value",
    {
      config: { access: "admin", openapi: { operationId: "getStockValueReport" } },
      schema: {
        tags: ["reports"],
        summary:
          'Stock value per warehouse (the default), material ("Type / Color"), type or batch: [{group, totalYards, ' +
          "valueAmount (money), materialId?, warehouseId?}], now (the rolls) or with asOf at the end of that date (the " +
          "ledger); groups with no yards and no value left out; sorted by group. Admin only",
        querystring: StockValueQuerySchema,
        response: {
          200: exportResponse(z.array(StockValueRowSchema), "One row per group (format=csv|xlsx: as a file)"),
          400: e,
          401: e,
          403: e,
        },
      },
    },
    async (request, reply) => {
      const { groupBy, asOf, format } = request.query;
      const date = today();
      assertAsOfNotFuture(asOf, date);
      // A past date reads from the month-end snapshot before it (made when missing, as stock levels do).
      const base = asOf === undefined ? undefined : await asOfBase(db, asOf);
      const { rows, materialNames } = await stockValueReport(db.kysely, groupBy, asOf, "auto", base);
      if (format === "json") return sendJsonRows(reply, rows);
      const file = {
        name: `stock-value-by-${groupBy}`,
        parts: [["as-of", asOf] as const],
        date,
        title: "Stock Value",
      };
      return sendExport(reply, format, file, stockValueColumns(groupBy, materialNames), rows);
    },
  );

  app.get(
    "/reports/movement-value",
    {
      config: { access: "admin", openapi: { operationId: "getMovementValueReport" } },
      schema: {
        tags: ["reports"],
        summary:
          "Value of the movements of a period (default: this month up to today) per transaction type (the default), " +
          "material or warehouse: [{group, totalYards, valueAmount (money), materialId?, warehouseId?, transactionType?}], " +
          "signed like the yards (usage and waste negative, receive positive; transfers net 0 per type and material, " +
          "out and in per warehouse); every group with a line in the period. Admin only",
        querystring: MovementValueQuerySchema,
        response: {
          200: exportResponse(
            z.array(MovementValueRowSchema),
            "One row per group (format=csv|xlsx: as a file)",
          ),
          400: e,
          401: e,
          403: e,
        },
      },
    },
    async (request, reply) => {
      const { groupBy, format, ...dates } = request.query;
      const date = today();
      const { startDate, endDate } = movementPeriod(dates, date);
      const rows = await movementValueReport(db.kysely, groupBy, startDate, endDate);
      if (format === "json") return sendJsonRows(reply, rows);
      const file = {
        name: `movement-value-by-${groupBy}`,
        parts: [
          ["from", startDate],
          ["to", endDate],
        ] as const,
        date,
        title: "Movement Value",
      };
      return sendExport(reply, format, file, movementValueColumns(groupBy), rows);
    },
  );
};
