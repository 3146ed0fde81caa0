import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import {
  PURCHASE_ORDER_STATUSES,
  PurchaseOrderInputSchema,
  PurchaseOrderSchema,
} from "../../../domain/purchase-order";
import { seesCost } from "../../lib/cost-access";
import { unauthorized } from "../../lib/http-errors";
import { pageQueryShape, pickPage, queryEnum, queryId } from "../../lib/list/list-query";
import { changeByIdRoute, getByIdRoute, listRoute } from "../../lib/record-routes";
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

  listRoute(app, "/purchase-orders", {
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
    response: z.array(PurchaseOrderSchema),
    list: (query, user) =>
      listPurchaseOrders(
        db.kysely,
        { status: query.status, supplierId: query.supplier, warehouseId: query.warehouse },
        pickPage(query),
        seesCost(user),
      ),
  });

  getByIdRoute(app, "/purchase-orders/:id", {
    tags,
    summary: "One purchase order with its lines (unit costs for admins)",
    response: PurchaseOrderSchema,
    find: (id, user) => findPurchaseOrder(db.kysely, id, seesCost(user)),
    missing: () => errorText("PURCHASE_ORDER_NOT_FOUND"),
  });

  changeByIdRoute(app, "/purchase-orders/:id/close", {
    access: "admin",
    tags,
    summary: "Close an open purchase order by hand: what it still expected is no longer on order",
    response: PurchaseOrderSchema,
    change: (id, userId, now) => closePurchaseOrder(db, id, userId, now, true),
  });
};
