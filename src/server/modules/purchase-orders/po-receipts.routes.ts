import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { PurchaseOrderReceiptSchema } from "../../../domain/purchase-order-receipt";
import { centiToYards } from "../../../domain/yards";
import { notFound } from "../../lib/http-errors";

const e = apiErrorSchema;

/**
 * The receipts (and their reversals) posted against one purchase order, oldest first: the order's
 * screen links to each delivery. Cost corrections carry the order too but move no yards: left out.
 */
export const purchaseOrderReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/purchase-orders/:id/receipts",
    {
      config: { access: "read" },
      schema: {
        tags: ["purchase-orders"],
        summary: "The receipts and reversals posted against a purchase order, oldest first",
        params: idParamsSchema,
        response: { 200: z.array(PurchaseOrderReceiptSchema), 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const db = app.db.kysely;
      const { id } = request.params;
      const order = await db
        .selectFrom("purchase_orders")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!order) throw notFound(errorText("PURCHASE_ORDER_NOT_FOUND"));
      const rows = await db
        .selectFrom("transactions as t")
        .innerJoin("transaction_lines as l", "l.transaction_id", "t.id")
        .select(({ fn }) => [
          "t.id",
          "t.transaction_number",
          "t.transaction_date",
          "t.reverses_id",
          fn.sum<number | string>("l.yards_change_centi").as("centi"),
        ])
        .where("t.purchase_order_id", "=", id)
        .where("t.corrects_id", "is", null)
        .groupBy(["t.id", "t.transaction_number", "t.transaction_date", "t.reverses_id"])
        .orderBy("t.id")
        .execute();
      return rows.map((r) => ({
        id: r.id,
        transactionNumber: r.transaction_number,
        transactionDate: r.transaction_date,
        isReversal: r.reverses_id !== null,
        yards: centiToYards(Number(r.centi)),
      }));
    },
  );
};
