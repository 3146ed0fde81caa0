import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { errorText } from "../../domain/error-text";
import { AppError } from "../lib/http-errors";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CONTRACT.md section 6: mutations must be JSON, and a browser's Origin, when sent, must be ours.
 * Together with SameSite=Lax cookies this shuts out cross-site form posts (CSRF).
 */
export interface RequestGuardOptions {
  /** PUBLIC_URL (env.ts): the address browsers use; when set, an Origin must be exactly its origin. */
  publicUrl?: string | null;
}

/** The host an Origin must name when PUBLIC_URL is not set: the Host header as received. */
function hostHeaderOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(`http://${value}`).host;
  } catch {
    return null;
  }
}

function originOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export const requestGuard = fp(async (app: FastifyInstance, options: RequestGuardOptions) => {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  app.addHook("onRequest", async (request) => {
    if (!MUTATIONS.has(request.method) || !request.url.startsWith("/api/")) return;
    // A body-less DELETE (the spec's client sends none) needs no type; anything with a body, or any
    // declared type, must be JSON. Cross-site forms cannot send JSON without a CORS preflight.
    const contentType = request.headers["content-type"];
    const hasBody =
      Number(request.headers["content-length"] ?? 0) > 0 ||
      request.headers["transfer-encoding"] !== undefined;
    // A spreadsheet upload (CONTRACT.md section 13) is multipart, which a cross-site form can send
    // too: it must also carry X-Requested-With, which no form can and which a cross-site fetch may
    // send only after a CORS preflight this server never grants.
    const upload =
      request.url.startsWith("/api/imports/") && /^multipart\/form-data\b/i.test(contentType ?? "");
    if (upload && request.headers["x-requested-with"] === undefined) {
      throw new AppError(403, "CROSS_ORIGIN", errorText("UPLOAD_HEADER_MISSING"));
    }
    if (
      !upload &&
      (hasBody || contentType !== undefined) &&
      !/^application\/json\b/i.test(contentType ?? "")
    ) {
      throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", errorText("UNSUPPORTED_MEDIA_TYPE"));
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      // Never request.host: behind TRUST_PROXY it is X-Forwarded-Host, which any client may send.
      const sent = originOf(origin);
      const ours = publicOrigin
        ? sent?.origin === publicOrigin
        : sent !== null && sent.host === hostHeaderOf(request.headers.host);
      if (!ours) throw new AppError(403, "CROSS_ORIGIN", errorText("CROSS_ORIGIN"));
    }
  });
});
