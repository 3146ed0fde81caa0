import type { ErrorCode, ErrorParams } from "../../domain/error-codes";
import { type CodedMessage, codeOfMessage, errorText } from "../../domain/error-text";
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

const uncodedWatchers = new Set<(message: string) => void>();

/**
 * Be told of every message sent as UNCODED (a sentence the registry lacks, which a screen can only
 * show in English). The server tests watch every answer and fail on one (test-context.ts), so a
 * new refusal cannot ship without its code.
 */
export function watchUncoded(watcher: (message: string) => void): () => void {
  uncodedWatchers.add(watcher);
  return () => uncodedWatchers.delete(watcher);
}

function uncoded(message: string): CodedMessage {
  for (const watcher of uncodedWatchers) watcher(message);
  return { code: "UNCODED", params: { text: message } };
}

/** The code and params of a message an answer sends (an import row's too), reporting one the registry lacks. */
export function codeOfAnswerText(message: string): CodedMessage {
  const coded = codeOfMessage(message);
  return coded.code === "UNCODED" ? uncoded(message) : coded;
}

function codedIssue(issue: ErrorIssue): CodedIssue {
  const coded = issue.code
    ? { code: issue.code, params: issue.params ?? {} }
    : codeOfAnswerText(issue.message);
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
  if (messageCoded.code === "UNCODED" || errorText(messageCoded.code, messageCoded.params) !== message)
    messageCoded = uncoded(message);
  return {
    message,
    code,
    messageCode: messageCoded.code,
    params: messageCoded.params,
    ...(coded ? { issues: coded } : {}),
  };
}
