import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { StockCardSchema } from "../../../domain/stock-card";
import { localIsoDate } from "../../../domain/transaction";
import { seesCost } from "../../lib/cost-access";
import { exportResponse, type NamePart, sendExport } from "../../lib/export";
import { notFound } from "../../lib/http-errors";
import { findMaterialById } from "../materials/materials.repository";
import { findWarehouseById } from "../warehouses/warehouses.repository";
import { stockCardColumns, stockCardExportRows } from "./stock-card.export";
import { StockCardQuerySchema } from "./stock-card.query";
import { stockCard } from "./stock-card.repository";

const e = apiErrorSchema;

/**
 * The stock card (CONTRACT.md section 10, issue 16): one material's ledger lines (optionally of one
 * batch and/or warehouse) with opening balance, running balance and closing balance.
 */
export const stockCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    "/reports/stock-card",
    {
      config: { access: "read" },
      schema: {
        tags: ["reports"],
        summary:
          "Stock card of a material (optionally one batch and/or warehouse): openingYards (the scope's lines before " +
          "startDate), the lines of the period in date then posting order with the running balanceYards, closingYards. " +
          "Admins also get each line's unitCost and valueAmount, openingValue and closingValue",
        querystring: StockCardQuerySchema,
        response: {
          200: exportResponse(StockCardSchema, "The card (format=csv|xlsx: opening row, lines, closing row)"),
          400: e,
          401: e,
          404: e,
        },
      },
    },
    async (request, reply) => {
      const { scope, format } = request.query;
      const [material, warehouse] = await Promise.all([
        findMaterialById(db.kysely, scope.materialId),
        scope.warehouseId === undefined ? undefined : findWarehouseById(db.kysely, scope.warehouseId),
      ]);
      if (!material) throw notFound(errorText("STOCK_CARD_MATERIAL_MISSING", { id: scope.materialId }));
      if (scope.warehouseId !== undefined && !warehouse) {
        throw notFound(errorText("STOCK_CARD_WAREHOUSE_MISSING", { id: scope.warehouseId }));
      }
      const withCost = seesCost(request.user);
      const card = await stockCard(db.kysely, scope, withCost);
      if (format === "json") return card;
      const parts: NamePart[] = [
        ["material", `${material.typeName} ${material.colorName}`],
        ["batch", scope.batch],
        ["warehouse", warehouse?.name],
        ["from", scope.startDate],
        ["to", scope.endDate],
      ];
      const file = { name: "stock-card", parts, date: localIsoDate(app.config.now()), title: "Stock Card" };
      return sendExport(reply, format, file, stockCardColumns(withCost), stockCardExportRows(card, scope));
    },
  );
};
