import type { FastifyTypeProviderDefault } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../domain/common";
import type { Access } from "../../domain/roles";
import type { User } from "../../domain/user";
import { notFound, unauthorized } from "./http-errors";

type App = Parameters<FastifyPluginAsyncZod>[0];
const e = apiErrorSchema;

/**
 * The app without its zod type provider: with the schemas generic, TypeScript cannot resolve the
 * provider's request and reply types. Fastify still validates and serialises with the route's
 * schemas; the handlers below read the values those schemas produced.
 */
const untyped = (app: App) => app.withTypeProvider<FastifyTypeProviderDefault>();
type IdParams = z.output<typeof idParamsSchema>;

/**
 * The routes a numbered record (an order, a purchase order, a count) has in common: its list, one by
 * id, and a state change by id (cancel, close) made by the signed-in user. Each module keeps its own
 * summaries, services and not-found words; these only say the shape once.
 */

/** GET `url`: a page of records, with how many match before paging in the X-Total-Count header. */
export function listRoute<Q extends z.ZodType, S extends z.ZodType>(
  app: App,
  url: string,
  route: {
    tags: string[];
    summary: string;
    querystring: Q;
    response: S;
    list: (query: z.output<Q>, user: User | null) => Promise<{ rows: z.output<S>; total: number }>;
  },
) {
  untyped(app).get(
    url,
    {
      config: { access: "read" },
      schema: {
        tags: route.tags,
        summary: route.summary,
        querystring: route.querystring,
        response: { 200: route.response, 400: e, 401: e },
      },
    },
    async (request, reply) => {
      const { rows, total } = await route.list(request.query as z.output<Q>, request.user);
      reply.header("X-Total-Count", String(total));
      return rows;
    },
  );
}

/** A route on one record by its `:id`: who may call it, and its documented answers. */
const byIdOptions = (
  access: Access,
  route: { tags: string[]; summary: string },
  response: Record<number, z.ZodType>,
) => ({
  config: { access },
  schema: { tags: route.tags, summary: route.summary, params: idParamsSchema, response },
});

/** GET `url` (with `:id`): the record, or 404 with `missing` when `find` has none. */
export function getByIdRoute<S extends z.ZodType>(
  app: App,
  url: string,
  route: {
    tags: string[];
    summary: string;
    response: S;
    find: (id: number, user: User | null) => Promise<z.output<S> | undefined>;
    missing: () => string;
  },
) {
  untyped(app).get(
    url,
    byIdOptions("read", route, { 200: route.response, 400: e, 401: e, 404: e }),
    async (request) => {
      const record = await route.find((request.params as IdParams).id, request.user);
      if (!record) throw notFound(route.missing());
      return record;
    },
  );
}

/** POST `url` (with `:id`): a state change by the signed-in user at the app's clock; 409 when the state refuses it. */
export function changeByIdRoute<S extends z.ZodType>(
  app: App,
  url: string,
  route: {
    access: Access;
    tags: string[];
    summary: string;
    response: S;
    change: (id: number, userId: number, now: Date) => Promise<z.output<S>>;
  },
) {
  untyped(app).post(
    url,
    byIdOptions(route.access, route, { 200: route.response, 400: e, 401: e, 403: e, 404: e, 409: e }),
    async (request) => {
      if (!request.user) throw unauthorized();
      return route.change((request.params as IdParams).id, request.user.id, app.config.now());
    },
  );
}
