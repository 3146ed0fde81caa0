import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { PurchaseOrderPrintSchema, ReorderDraftSchema } from "../../../domain/reorder";
import { seesCost } from "../../lib/cost-access";
import { notFound } from "../../lib/http-errors";
import { queryId } from "../../lib/list/list-query";
import { findPurchaseOrder } from "./purchase-orders.repository";
import { purchaseOrderPrint, reorderDrafts } from "./reorder";

const e = apiErrorSchema;
const tags = ["purchase-orders"];

/** Reorder from Low Stock and the printable purchase order (CONTRACT.md section 16). */
export const reorderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/purchase-orders/reorder",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Draft purchase orders from Low Stock: one per supplier (the material's last) and warehouse, " +
          "up to each material's reorder point counting what is on order; edit, then POST /api/purchase-orders",
        querystring: z.object({ warehouse: queryId }),
        response: { 200: z.array(ReorderDraftSchema), 400: e, 401: e, 403: e },
      },
    },
    async (request) => reorderDrafts(app.db.kysely, request.query.warehouse, true),
  );

  app.get(
    "/purchase-orders/:id/print",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "The data of a printable purchase order: supplier, warehouse, lines (amounts for admins)",
        params: idParamsSchema,
        response: { 200: PurchaseOrderPrintSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const withCost = seesCost(request.user);
      const order = await findPurchaseOrder(app.db.kysely, request.params.id, withCost);
      if (!order) throw notFound(errorText("PURCHASE_ORDER_NOT_FOUND"));
      return purchaseOrderPrint(app.db.kysely, order, withCost, app.config.currency);
    },
  );
};
