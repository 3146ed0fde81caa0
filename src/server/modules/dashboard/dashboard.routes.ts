import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../../domain/common";
import { DashboardSchema } from "../../../domain/report";
import { localIsoDate } from "../../../domain/transaction";
import { seesCost } from "../../lib/cost-access";
import { dashboardSummary } from "./dashboard.repository";

/** GET /api/dashboard: the four cards, stock per warehouse and 30 days of movement. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    "/dashboard",
    {
      config: { access: "read" },
      schema: {
        tags: ["dashboard"],
        summary:
          "Dashboard figures: material count, total yards, low stock rows, transactions of the last 7 days (today included), " +
          "yards per warehouse, and yards in/out per day for the last 30 days (transfers excluded: they do not change the stock); " +
          "admins also get stockValue (money: the value of all stock now)",
        response: { 200: DashboardSchema, 401: apiErrorSchema },
      },
    },
    async (request) => dashboardSummary(db.kysely, localIsoDate(app.config.now()), seesCost(request.user)),
  );
};
