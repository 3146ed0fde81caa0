import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Access, roleAllows } from "../../domain/roles";
import type { User } from "../../domain/user";
import { forbidden, unauthorized } from "../lib/http-errors";
import { resolveSession } from "../modules/auth/auth.repository";
import { readSessionCookie } from "../modules/auth/session-cookie";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must say (checked when routes are registered). */
    access?: Access;
  }
  interface FastifyRequest {
    user: User | null;
    sessionToken: string | null;
  }
}

/** Docs routes are registered by @fastify/swagger-ui and are public like the OpenAPI document. */
function isDocsRoute(url: string) {
  return url === "/api/docs" || url.startsWith("/api/docs/");
}

/**
 * Loads the session of every /api request and enforces the route's access rule (CONTRACT.md
 * section 6). A route under /api without an access rule is a programming error, refused at start.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { now: () => Date }) => {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    if (isDocsRoute(route.url)) {
      route.config = { ...(route.config ?? {}), access: "public" };
      return;
    }
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // static files and the not-found handler
    const token = readSessionCookie(request);
    if (token) {
      request.user = (await resolveSession(app.db.kysely, token, opts.now())) ?? null;
      if (request.user) request.sessionToken = token;
    }
    if (access === "public") return;
    if (!request.user) throw unauthorized();
    if (!roleAllows(request.user.role, access)) throw forbidden();
  });
});
