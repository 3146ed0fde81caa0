import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/common";
import { StockLevelSchema } from "../../../domain/stock";
import { StockLevelQuerySchema } from "./stock.query";
import { countStockLevels, listStockLevels } from "./stock.repository";

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
          "Stock levels by type, color, batch, warehouse (X-Total-Count header: matches before paging)",
        querystring: StockLevelQuerySchema,
        response: { 200: z.array(StockLevelSchema), 400: e, 401: e },
      },
    },
    async (request, reply) => {
      const { filters, page } = request.query;
      if (page.limit === undefined && page.offset === 0) {
        const rows = await listStockLevels(db.kysely, filters);
        reply.header("X-Total-Count", String(rows.length));
        return rows;
      }
      const [rows, total] = await Promise.all([
        listStockLevels(db.kysely, filters, page),
        countStockLevels(db.kysely, filters),
      ]);
      reply.header("X-Total-Count", String(total));
      return rows;
    },
  );
};
