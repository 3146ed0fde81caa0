import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The session cookie, owned here: the login routes set and clear it, the auth plugin reads it and
 * the OpenAPI document names it. The plugin imports this module, never the other way (issue 34).
 */
export const SESSION_COOKIE = "fi_session";

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    // The server enforces the 7-day absolute expiry; the browser may forget it sooner, never later.
    maxAge: 7 * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}
