import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import {
  COUNT_LINE_STATUSES,
  COUNT_STATUSES,
  CountEntryInputSchema,
  CountEntrySchema,
  CountReviewSchema,
  CountSessionSchema,
  CountSheetSchema,
  PostCountSchema,
  StartCountSchema,
} from "../../../domain/count";
import { errorText } from "../../../domain/error-text";
import { seesCost } from "../../lib/cost-access";
import { notFound, unauthorized } from "../../lib/http-errors";
import { pageQueryShape, pickPage, queryEnum, queryId, queryText, withPage } from "../../lib/list/list-query";
import { changeByIdRoute, getByIdRoute, listRoute } from "../../lib/record-routes";
import { postCount } from "./count-post";
import { countReview } from "./count-review";
import { countSheet } from "./count-sheet";
import { entryOf, findSession, listSessions, type SessionRow, sessionRow } from "./counts.repository";
import { addEntry, cancelCount, startCount } from "./counts.service";

const e = apiErrorSchema;

/** While a blind count is open, only admins see what the system expects. */
const showsExpected = (session: SessionRow, user: { role: string } | null | undefined) =>
  session.status !== "Open" || !session.blind || user?.role === "admin";
const tags = ["counts"];

/** Counting by roll (CONTRACT.md section 14): clerks and admins count, anyone signed in reads. */
export const countRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const me = (user: { id: number; username: string } | null | undefined) => {
    if (!user) throw unauthorized();
    return user;
  };

  app.post(
    "/counts",
    {
      config: { access: "record" },
      schema: {
        tags,
        summary: "Start a count of a warehouse (optionally some bins or materials), blind by default",
        body: StartCountSchema,
        response: { 201: CountSessionSchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => {
      const session = await startCount(db, request.body, me(request.user).id, app.config.now());
      return reply.status(201).send(session);
    },
  );

  listRoute(app, "/counts", {
    tags,
    summary: "Count sessions, newest first (X-Total-Count header: matches before paging)",
    querystring: z.object({
      status: queryEnum(COUNT_STATUSES, () =>
        errorText("STATUS_MUST_BE_ONE_OF", { values: COUNT_STATUSES.join(", ") }),
      ).optional(),
      warehouse: queryId,
      ...pageQueryShape,
    }),
    response: z.array(CountSessionSchema).describe("Count sessions"),
    list: (query) =>
      listSessions(db.kysely, { status: query.status, warehouseId: query.warehouse }, pickPage(query)),
  });

  getByIdRoute(app, "/counts/:id", {
    tags,
    summary: "One count session, with how many rolls it expects and how many were counted",
    response: CountSessionSchema,
    find: (id) => findSession(db.kysely, id),
    missing: () => errorText("COUNT_NOT_FOUND"),
  });

  app.post(
    "/counts/:id/entries",
    {
      config: { access: "record" },
      schema: {
        tags,
        summary:
          "Count a roll (rollCode or rollId, countedYards) or an unlabelled piece; counting a roll again replaces its entry",
        params: idParamsSchema,
        body: CountEntryInputSchema,
        response: { 201: CountEntrySchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      const entry = await addEntry(db, request.params.id, request.body, me(request.user), app.config.now());
      return reply.status(201).send(entry);
    },
  );

  app.get(
    "/counts/:id/entries",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "The live entries of a count, newest first; mine=true: the signed-in user's only",
        params: idParamsSchema,
        querystring: z.object({ mine: z.enum(["true", "false"]).optional(), ...pageQueryShape }),
        response: { 200: z.array(CountEntrySchema), 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      if (!(await findSession(db.kysely, request.params.id))) throw notFound(errorText("COUNT_NOT_FOUND"));
      const page = pickPage(request.query);
      let query = db.kysely
        .selectFrom("count_entries as e")
        .innerJoin("users as u", "u.id", "e.counted_by")
        .select(["e.id", "e.roll_id", "e.counted_centi", "e.counted_at", "e.kind", "u.username"])
        .where("e.session_id", "=", request.params.id)
        .where("e.superseded_at", "is", null)
        .orderBy("e.id", "desc");
      if (request.query.mine === "true") query = query.where("e.counted_by", "=", me(request.user).id);
      query = withPage(query, page);
      return (await query.execute()).map((row) => entryOf(row, row.username));
    },
  );

  app.get(
    "/counts/:id/review",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary:
          "Expected against counted per roll, in bin order; while a blind count is open, clerks and viewers get no expected yards (X-Total-Count header: lines before paging)",
        params: idParamsSchema,
        querystring: z.object({
          status: queryEnum(COUNT_LINE_STATUSES, () =>
            errorText("STATUS_MUST_BE_ONE_OF", { values: COUNT_LINE_STATUSES.join(", ") }),
          ).optional(),
          bin: queryText,
          ...pageQueryShape,
        }),
        response: { 200: CountReviewSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request, reply) => {
      const session = await sessionRow(db.kysely, request.params.id);
      if (!session) throw notFound(errorText("COUNT_NOT_FOUND"));
      const user = request.user;
      const showExpected = showsExpected(session, user);
      const { review, total } = await countReview(
        db.kysely,
        db.dialect,
        session,
        { showExpected, showValue: seesCost(user) },
        { status: request.query.status, bin: request.query.bin },
        pickPage(request.query),
      );
      reply.header("X-Total-Count", String(total));
      return review;
    },
  );

  app.get(
    "/counts/:id/sheet",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary:
          "The printable count sheet: the rolls the count expects, bin by bin, by code; lengths as the review shows expected yards",
        params: idParamsSchema,
        response: { 200: CountSheetSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const session = await sessionRow(db.kysely, request.params.id);
      if (!session) throw notFound(errorText("COUNT_NOT_FOUND"));
      return countSheet(db.kysely, session, showsExpected(session, request.user));
    },
  );

  app.post(
    "/counts/:id/post",
    {
      config: { access: "record" },
      schema: {
        tags,
        summary:
          "Post a count in one database transaction: a Transfer in per warehouse rolls were found from, then one Stock Opname (a line per counted roll, per missing roll when missing is zero, a new roll per unlabelled piece)",
        params: idParamsSchema,
        body: PostCountSchema,
        response: { 200: CountSessionSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) =>
      postCount(db, request.params.id, request.body.missing, me(request.user), app.config.now()),
  );

  changeByIdRoute(app, "/counts/:id/cancel", {
    access: "record",
    tags,
    summary: "End an open count with nothing posted",
    response: CountSessionSchema,
    change: (id, userId, now) => cancelCount(db, id, userId, now),
  });
};
