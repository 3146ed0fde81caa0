import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import {
  PURCHASE_ORDER_STATUSES,
  PurchaseOrderInputSchema,
  PurchaseOrderSchema,
} from "../../../domain/purchase-order";
import { seesCost } from "../../lib/cost-access";
import { notFound, unauthorized } from "../../lib/http-errors";
import { pageQueryShape, pickPage, queryEnum, queryId } from "../../lib/list/list-query";
import { costRoutes } from "./costs.routes";
import { purchaseOrderReceiptRoutes } from "./po-receipts.routes";
import { findPurchaseOrder, listPurchaseOrders } from "./purchase-orders.repository";
import { closePurchaseOrder, createPurchaseOrder } from "./purchase-orders.service";
import { reorderRoutes } from "./reorder.routes";

const e = apiErrorSchema;
const tags = ["purchase-orders"];

/** Purchase orders (CONTRACT.md section 16): admins buy; anyone signed in reads, without money. */
export const purchaseOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  await app.register(costRoutes);
  await app.register(reorderRoutes);
  await app.register(purchaseOrderReceiptRoutes);

  app.post(
    "/purchase-orders",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Create a purchase order (PO-yyyy-NNNNN): its yards are on order until received or closed",
        body: PurchaseOrderInputSchema,
        response: { 201: PurchaseOrderSchema, 400: e, 401: e, 403: e },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const order = await createPurchaseOrder(db, request.body, request.user.id, app.config.now());
      return reply.status(201).send(order);
    },
  );

  app.get(
    "/purchase-orders",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "Purchase orders, newest first (X-Total-Count header: matches before paging)",
        querystring: z.object({
          status: queryEnum(PURCHASE_ORDER_STATUSES, () =>
            errorText("STATUS_MUST_BE_ONE_OF", { values: PURCHASE_ORDER_STATUSES.join(", ") }),
          ).optional(),
          supplier: queryId,
          warehouse: queryId,
          ...pageQueryShape,
        }),
        response: { 200: z.array(PurchaseOrderSchema), 400: e, 401: e },
      },
    },
    async (request, reply) => {
      const { status, supplier, warehouse } = request.query;
      const { rows, total } = await listPurchaseOrders(
        db.kysely,
        { status, supplierId: supplier, warehouseId: warehouse },
        pickPage(request.query),
        seesCost(request.user),
      );
      reply.header("X-Total-Count", String(total));
      return rows;
    },
  );

  app.get(
    "/purchase-orders/:id",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "One purchase order with its lines (unit costs for admins)",
        params: idParamsSchema,
        response: { 200: PurchaseOrderSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const order = await findPurchaseOrder(db.kysely, request.params.id, seesCost(request.user));
      if (!order) throw notFound(errorText("PURCHASE_ORDER_NOT_FOUND"));
      return order;
    },
  );

  app.post(
    "/purchase-orders/:id/close",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Close an open purchase order by hand: what it still expected is no longer on order",
        params: idParamsSchema,
        response: { 200: PurchaseOrderSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return closePurchaseOrder(db, request.params.id, request.user.id, app.config.now(), true);
    },
  );
};
