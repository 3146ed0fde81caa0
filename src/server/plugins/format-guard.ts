import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { errorText } from "../../domain/error-text";
import { badRequest } from "../lib/http-errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set at start: the route's query schema declares `format` (lib/export.ts). */
    takesFormat?: boolean;
  }
}

/** Whether a query schema (zod: an object, possibly inside transforms or pipes) has a `format` field. */
function hasFormat(query: unknown): boolean {
  if (query instanceof z.ZodPipe) return hasFormat(query.in) || hasFormat(query.out);
  return query instanceof z.ZodObject && "format" in query.shape;
}

const declaresFormat = (schema: FastifySchema | undefined) => hasFormat(schema?.querystring);

/**
 * CONTRACT.md section 5: a `format` the endpoint does not support is 400, never a silent JSON
 * answer. Routes whose query declares `format` check its value themselves (json, csv or xlsx);
 * every other API route answers JSON only and refuses any other format here.
 */
export const formatGuard = fp(async (app: FastifyInstance) => {
  app.addHook("onRoute", (route) => {
    route.config = { ...(route.config ?? {}), takesFormat: declaresFormat(route.schema) };
  });

  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.config?.takesFormat !== false || !request.url.startsWith("/api/")) return;
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || !Object.hasOwn(query, "format")) return;
    const value = query.format;
    if (value === "json") return;
    const message =
      typeof value === "string"
        ? errorText("FORMAT_JSON_ONLY", {
            format: String(value),
            method: request.method,
            path: request.routeOptions.url ?? "",
          })
        : errorText("FORMAT_JSON_ONLY_ROUTE", {
            method: request.method,
            path: request.routeOptions.url ?? "",
          });
    throw badRequest(message, [{ path: "format", message }]);
  });
});
