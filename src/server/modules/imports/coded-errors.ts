import { codeOfAnswerText } from "../../plugins/error-body";
import type { ImportResult } from "./import-plan";

/**
 * The warnings with the code and params of each (CONTRACT.md sections 13 and 17), in the order of
 * `warnings`, which stays the English for API clients. One the registry lacks is reported as
 * UNCODED like an error's message, so a server test that meets it fails.
 */
export function codedWarnings(warnings: readonly string[]) {
  return warnings.map((message) => ({ message, ...codeOfAnswerText(message) }));
}

/** An import's row and column errors and its warnings with the code and params of each message. */
export function codedImport(result: ImportResult) {
  return {
    ...result,
    errors: result.errors.map((e) => ({ ...e, ...codeOfAnswerText(e.message) })),
    warningDetails: codedWarnings(result.warnings),
  };
}
