import { codeOfAnswerText } from "../../plugins/error-body";
import type { ImportResult } from "./import-plan";

/** An import's row and column errors with the code and params of each message (CONTRACT.md section 17). */
export function codedImport(result: ImportResult) {
  return { ...result, errors: result.errors.map((e) => ({ ...e, ...codeOfAnswerText(e.message) })) };
}
