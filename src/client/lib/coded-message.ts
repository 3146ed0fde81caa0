import { isLengthParam, PROBLEMS_PARAM } from "../../domain/error-params";
import { getLocale, isKey, translate } from "../i18n/store";
import { formatLengthWithUnit } from "./format";

export type ErrorParams = Record<string, string | number>;

/**
 * A field's problem. `message` is the server's English; `code` + `params` let a screen say it in
 * the user's language from the catalog (`errors.<code>` in src/client/i18n/messages/<lang>/errors.json).
 */
export interface ApiIssue {
  path: string;
  message: string;
  code?: string;
  params?: ErrorParams;
}

const hasLength = (params: ErrorParams) =>
  Object.entries(params).some(([name, value]) => typeof value === "number" && isLengthParam(name));

/**
 * Whether the server's English sentence reads right for this reader: only in English and yards
 * (CONTRACT.md section 17); anyone else reads the message rendered from its code.
 */
export function englishReadsRight(params: ErrorParams, issues: readonly ApiIssue[] = []): boolean {
  const { language, lengthUnit } = getLocale();
  if (language !== "en") return false;
  return lengthUnit === "yd" || (!hasLength(params) && !issues.some((i) => hasLength(i.params ?? {})));
}

/** The message of `code` with `params` in the reader's language, lengths in their unit; undefined when not in the catalog. */
export function codedText(code: string | undefined, params: ErrorParams, issues: readonly ApiIssue[] = []) {
  const key = `errors.${code}`;
  if (!code || code === "UNCODED" || !isKey(key)) return undefined;
  const shown: ErrorParams = {};
  for (const [name, value] of Object.entries(params))
    shown[name] = typeof value === "number" && isLengthParam(name) ? formatLengthWithUnit(value) : value;
  // A record's status ("{number} is cancelled: ...") comes in the server's English: said in the
  // reader's words when the catalog knows it.
  const status = shown.status;
  if (typeof status === "string") {
    const word = `common.recordStatus.${status.replaceAll(" ", "")}`;
    if (isKey(word)) shown.status = translate(word);
  }
  // The problems the message lists are its issues: each is said in the reader's words in its place.
  const said = issues.map((i) => codedText(i.code, i.params ?? {}));
  if (PROBLEMS_PARAM in params && said.length > 0 && said.every((s) => s !== undefined))
    shown[PROBLEMS_PARAM] = said.every((s) => s.endsWith(".")) ? said.join(" ") : said.join("; ");
  return translate(key, shown);
}

/** A coded message (an issue, an import's warning) as the reader reads it; the English when the catalog lacks its code. */
export function messageText(said: Omit<ApiIssue, "path">): string {
  if (englishReadsRight(said.params ?? {})) return said.message;
  return codedText(said.code, said.params ?? {}) ?? said.message;
}

/** An issue as the reader reads it (a field's message under the field). */
export const issueText = (issue: ApiIssue): string => messageText(issue);
