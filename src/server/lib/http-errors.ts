import type { ErrorCode, ErrorParams } from "../../domain/error-codes";
import { errorText } from "../../domain/error-text";

/**
 * One field's problem. `code` and `params` are filled in from `message` (error-text.ts
 * codeOfMessage) by the error handler when the code that built it did not name them.
 */
export interface ErrorIssue {
  path: string;
  message: string;
  code?: ErrorCode;
  params?: ErrorParams;
}

/** An error whose message a clerk can act on; the error handler turns it into the contract's JSON. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new AppError(400, "VALIDATION_ERROR", message, issues);
export const unauthorized = (message = errorText("UNAUTHORIZED")) =>
  new AppError(401, "UNAUTHORIZED", message);
export const forbidden = (message = errorText("FORBIDDEN")) => new AppError(403, "FORBIDDEN", message);
export const notFound = (message: string) => new AppError(404, "NOT_FOUND", message);
export const conflict = (message: string, code: ErrorCode = "CONFLICT") => new AppError(409, code, message);

/** Unique-constraint violations of either engine, so repositories can answer 409 instead of 500. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY"
  );
}

/** Foreign-key violations of either engine. */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === "23503" || e?.code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** CHECK violations of either engine (the balances backstop). */
export function isCheckViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === "23514" || e?.code === "SQLITE_CONSTRAINT_CHECK";
}

/**
 * A PUT body may repeat the row's id (the spec's client does); when it names another row the
 * request is contradictory and refused rather than silently following the path.
 */
export function assertIdMatches(pathId: number, bodyId: number | null | undefined): void {
  if (bodyId != null && bodyId !== pathId) {
    const message = errorText("ID_MISMATCH", { bodyId, pathId });
    throw badRequest(message, [{ path: "id", message }]);
  }
}
