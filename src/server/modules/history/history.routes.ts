import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idTextSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { HISTORY_ENTITIES, HistoryEntrySchema } from "../../../domain/history";
import { forbidden } from "../../lib/http-errors";
import { pageQueryShape, pickPage } from "../../lib/list/list-query";
import { countHistory, listHistory } from "./history.repository";

const e = apiErrorSchema;

const HistoryQuerySchema = z.object({
  entity: z
    .enum(HISTORY_ENTITIES, { error: errorText("MUST_BE_ONE_OF", { values: HISTORY_ENTITIES.join(", ") }) })
    .describe("Which kind of master data"),
  id: idTextSchema.describe("The record's id (a deleted record's history stays)"),
  ...pageQueryShape,
});

/**
 * Who did what (issue 16 point 4): the recorded changes of one warehouse, supplier, material,
 * threshold or user, newest first. Anyone signed in reads master data's history; a user's history
 * is for administrators, as the users are.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    "/history",
    {
      config: { access: "read" },
      schema: {
        tags: ["history"],
        summary:
          "The changes of one master-data record with who made them and when, newest first (X-Total-Count header: all of them, before paging)",
        querystring: HistoryQuerySchema,
        response: { 200: z.array(HistoryEntrySchema), 400: e, 401: e, 403: e },
      },
    },
    async (request, reply) => {
      const { entity, id } = request.query;
      if (entity === "user" && request.user?.role !== "admin") {
        throw forbidden(errorText("ADMIN_ONLY_USER_HISTORY"));
      }
      const page = pickPage(request.query);
      const [rows, total] = await Promise.all([
        listHistory(db.kysely, entity, id, page),
        countHistory(db.kysely, entity, id),
      ]);
      reply.header("X-Total-Count", String(total));
      return rows;
    },
  );
};
