import type { ErrorCode, ErrorParams } from "../../domain/error-codes";
import { codeOfMessage, errorText } from "../../domain/error-text";
import type { ErrorIssue } from "../lib/http-errors";

/** An issue as sent: always with its code and the params that render its message (CONTRACT.md section 17). */
export interface CodedIssue {
  path: string;
  message: string;
  code: ErrorCode;
  params: ErrorParams;
}

/** The contract's error answer: `code` says what kind of refusal, `messageCode` + `params` make `message`. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  messageCode: ErrorCode;
  params: ErrorParams;
  issues?: CodedIssue[];
}

function codedIssue(issue: ErrorIssue): CodedIssue {
  const coded = issue.code ? { code: issue.code, params: issue.params ?? {} } : codeOfMessage(issue.message);
  return { path: issue.path, message: issue.message, code: coded.code, params: coded.params };
}

/**
 * The body of an error answer. A message that is the first issue's, led by its path
 * ("items.0.yards: ..."), is AT_FIELD with that path, so the message still renders from its code.
 */
export function errorBody(code: ErrorCode, message: string, issues?: readonly ErrorIssue[]): ErrorBody {
  const coded = issues?.map(codedIssue);
  let messageCoded = codeOfMessage(message);
  const first = coded?.[0];
  if (messageCoded.code === "UNCODED" && first?.path && message.startsWith(`${first.path}: `)) {
    const detail = message.slice(first.path.length + 2);
    messageCoded = { code: "AT_FIELD", params: { path: first.path, detail } };
  }
  if (errorText(messageCoded.code, messageCoded.params) !== message) {
    messageCoded = { code: "UNCODED", params: { text: message } };
  }
  return {
    message,
    code,
    messageCode: messageCoded.code,
    params: messageCoded.params,
    ...(coded ? { issues: coded } : {}),
  };
}
