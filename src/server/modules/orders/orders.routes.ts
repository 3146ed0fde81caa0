import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import {
  ORDER_STATUSES,
  OrderInputSchema,
  OrderSchema,
  PickListSchema,
  ProposalSchema,
  ReserveInputSchema,
} from "../../../domain/order";
import { notFound, unauthorized } from "../../lib/http-errors";
import { pageQueryShape, pickPage, queryEnum, queryText } from "../../lib/list/list-query";
import { changeByIdRoute, getByIdRoute, listRoute } from "../../lib/record-routes";
import { findOrder, listOrders, pickListOf } from "./orders.repository";
import { cancelOrder, createOrder, ORDER_NOT_FOUND } from "./orders.service";
import { proposalFor, reserveOrder } from "./reserve";

const e = apiErrorSchema;
const tags = ["orders"];

/** Orders and reservations (CONTRACT.md section 15): clerks and admins change them, anyone signed in reads. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    "/orders",
    {
      config: { access: "record" },
      schema: {
        tags,
        summary: "Create an order (ORD-yyyy-NNNNN, Open): lines of material and yards, one lot by default",
        body: OrderInputSchema,
        response: { 201: OrderSchema, 400: e, 401: e, 403: e },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const order = await createOrder(db, request.body, request.user.id, app.config.now());
      return reply.status(201).send(order);
    },
  );

  listRoute(app, "/orders", {
    tags,
    summary: "Orders, newest first (X-Total-Count header: matches before paging)",
    querystring: z.object({
      status: queryEnum(
        ORDER_STATUSES,
        () => `status must be one of ${ORDER_STATUSES.join(", ")}`,
      ).optional(),
      q: queryText.describe("Contained in the number, reference or customer"),
      ...pageQueryShape,
    }),
    response: z.array(OrderSchema),
    list: (query) => listOrders(db.kysely, { status: query.status, q: query.q }, pickPage(query)),
  });

  getByIdRoute(app, "/orders/:id", {
    tags,
    summary: "One order with its lines (reserved and fulfilled yards) and reservations",
    response: OrderSchema,
    find: (id) => findOrder(db.kysely, id),
    missing: () => ORDER_NOT_FOUND,
  });

  app.get(
    "/orders/:id/proposal",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary:
          "The rolls a reservation would hold for the open lines (fewest rolls, then least left over); writes nothing",
        params: idParamsSchema,
        response: { 200: ProposalSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => proposalFor(db.kysely, request.params.id),
  );

  app.post(
    "/orders/:id/reserve",
    {
      config: { access: "record" },
      schema: {
        tags,
        summary:
          "Reserve the proposal (no body) or the clerk's rolls per line; all lines or none (409 CANNOT_RESERVE with each line's shortfall)",
        params: idParamsSchema,
        body: ReserveInputSchema,
        response: { 200: OrderSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => reserveOrder(db, request.params.id, request.body, app.config.now()),
  );

  changeByIdRoute(app, "/orders/:id/cancel", {
    access: "record",
    tags,
    summary: "Cancel an order: every reservation it holds is released",
    response: OrderSchema,
    change: (id, userId, now) => cancelOrder(db, id, userId, now),
  });

  app.get(
    "/orders/:id/pick-list",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "The order's reserved rolls in warehouse and bin order: what to pick and how much of each",
        params: idParamsSchema,
        response: { 200: PickListSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const list = await pickListOf(db.kysely, request.params.id);
      if (!list) throw notFound(ORDER_NOT_FOUND);
      return list;
    },
  );
};
