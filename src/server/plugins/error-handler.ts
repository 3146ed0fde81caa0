import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DATABASE_UNAVAILABLE, databaseFaultMessage } from "../lib/database-faults";
import { AppError, type ErrorIssue } from "../lib/http-errors";

function issuePath(instancePath: string): string {
  return instancePath.replace(/^\//, "").replaceAll("/", ".");
}

/** Every non-2xx answer has the contract's shape: { message, code, issues? } (CONTRACT.md section 5). */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ErrorIssue[] = error.validation.map((v) => ({
        path: issuePath(v.instancePath),
        message: v.message ?? "Invalid value",
      }));
      const first = issues[0];
      const where = error.validationContext === "body" ? "" : ` (${error.validationContext})`;
      const message = first
        ? `${first.path ? `${first.path}: ` : ""}${first.message}${where}`
        : "The request is not valid.";
      return reply.status(400).send({ message, code: "VALIDATION_ERROR", issues });
    }
    switch (error.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return reply
          .status(413)
          .send({ message: "The request body is larger than 1 MiB.", code: "PAYLOAD_TOO_LARGE" });
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return reply
          .status(415)
          .send({ message: "Send the request body as application/json.", code: "UNSUPPORTED_MEDIA_TYPE" });
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
      case "FST_ERR_CTP_INVALID_JSON_BODY":
        return reply
          .status(400)
          .send({ message: "The request body is not valid JSON.", code: "INVALID_JSON" });
    }
    const fault = databaseFaultMessage(error);
    if (fault) {
      // Not the request's fault and not a bug: say what it is, and log it for whoever runs the app.
      request.log.error({ err: error }, "database unavailable");
      return reply.status(503).send({ message: fault, code: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: "Too many requests. Please wait a moment and try again.", code: "RATE_LIMITED" });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON syntax, bad content length): their messages are safe.
      return reply.status(status).send({ message: error.message, code: error.code ?? "BAD_REQUEST" });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send({ message: "Unexpected server error", code: "INTERNAL" });
  });
});
