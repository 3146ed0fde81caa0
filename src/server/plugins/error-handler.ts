import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERROR_CODES, type ErrorCode } from "../../domain/error-codes";
import { errorText } from "../../domain/error-text";
import { DATABASE_UNAVAILABLE, databaseFaultMessage } from "../lib/database-faults";
import { AppError, type ErrorIssue } from "../lib/http-errors";
import { errorBody } from "./error-body";

function issuePath(instancePath: string): string {
  return instancePath.replace(/^\//, "").replaceAll("/", ".");
}

/** Every non-2xx answer has the contract's shape: { message, code, issues? } (CONTRACT.md section 5). */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ErrorIssue[] = error.validation.map((v) => ({
        path: issuePath(v.instancePath),
        message: v.message ?? errorText("INVALID_VALUE"),
      }));
      const first = issues[0];
      const where = error.validationContext === "body" ? "" : ` (${error.validationContext})`;
      const message = first
        ? `${first.path ? `${first.path}: ` : ""}${first.message}${where}`
        : errorText("VALIDATION_ERROR");
      return reply.status(400).send(errorBody("VALIDATION_ERROR", message, issues));
    }
    switch (error.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return reply.status(413).send(errorBody("PAYLOAD_TOO_LARGE", errorText("PAYLOAD_TOO_LARGE")));
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return reply
          .status(415)
          .send(errorBody("UNSUPPORTED_MEDIA_TYPE", errorText("UNSUPPORTED_MEDIA_TYPE")));
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
      case "FST_ERR_CTP_INVALID_JSON_BODY":
        return reply.status(400).send(errorBody("INVALID_JSON", errorText("INVALID_JSON")));
    }
    const fault = databaseFaultMessage(error);
    if (fault) {
      // Not the request's fault and not a bug: say what it is, and log it for whoever runs the app.
      request.log.error({ err: error }, "database unavailable");
      return reply.status(503).send(errorBody(DATABASE_UNAVAILABLE, fault));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody("RATE_LIMITED", errorText("RATE_LIMITED")));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON syntax, bad content length): their messages are safe.
      const code = ERROR_CODES.includes(error.code as ErrorCode) ? (error.code as ErrorCode) : "BAD_REQUEST";
      return reply.status(status).send(errorBody(code, error.message));
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send(errorBody("INTERNAL", errorText("INTERNAL")));
  });
});
