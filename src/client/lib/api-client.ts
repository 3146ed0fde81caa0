/**
 * Thin fetch wrapper for the app's JSON API (CONTRACT.md section 5). Sends the session cookie,
 * parses JSON, and throws ApiError for every non-2xx answer so that TanStack Query sees a failure.
 */

import { getLocale, isKey, loadMessages, translate, translateMessage } from "../i18n/store";
import { type ApiIssue, codedText, type ErrorParams, englishReadsRight } from "./coded-message";

/** The values a message's template names (`{roll}`, `{date}`...): CONTRACT.md section 17. */
export type { ApiIssue, ErrorParams } from "./coded-message";

/** The code and params of the answer's own message (absent when the answer came from elsewhere: a proxy). */
export interface ApiMessageCode {
  messageCode: string;
  params: ErrorParams;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly messageCode: string | undefined;
  readonly params: ErrorParams;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
    coded?: ApiMessageCode,
  ) {
    super(message);
    this.messageCode = coded?.messageCode;
    this.params = coded?.params ?? {};
  }
}

export interface RequestOptions {
  /** Extra request headers, e.g. `{ "Idempotency-Key": key }`. */
  headers?: Record<string, string>;
  /** Query string parameters; undefined, null and "" are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** On 401 answer null instead of throwing (the spec's "returnNull" option). Default: throw. */
  on401?: "throw" | "returnNull";
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export function buildUrl(path: string, query?: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function paramsOf(value: unknown): ErrorParams {
  if (!isRecord(value)) return {};
  const params: ErrorParams = {};
  for (const [k, v] of Object.entries(value))
    if (typeof v === "string" || typeof v === "number") params[k] = v;
  return params;
}

function issueOf(value: unknown): ApiIssue[] {
  if (!isRecord(value) || typeof value.path !== "string" || typeof value.message !== "string") return [];
  const coded = typeof value.code === "string" ? { code: value.code, params: paramsOf(value.params) } : {};
  return [{ path: value.path, message: value.message, ...coded }];
}

/** The ApiError of a non-2xx answer whose body is `body` (parsed JSON, or null); `fallback` when it has no message. */
export function apiErrorOf(status: number, body: unknown, fallback: string): ApiError {
  const b = isRecord(body) ? body : {};
  const message = typeof b.message === "string" && b.message ? b.message : fallback;
  const code = typeof b.code === "string" ? b.code : `HTTP_${status}`;
  const issues = Array.isArray(b.issues) ? b.issues.flatMap(issueOf) : [];
  const coded =
    typeof b.messageCode === "string"
      ? { messageCode: b.messageCode, params: paramsOf(b.params) }
      : undefined;
  return new ApiError(status, code, message, issues, coded);
}

/**
 * apiErrorOf, once the errors' messages are here: they come with the first error answer, not the
 * first load, and must be here before anything shows this one (an English reader is shown the
 * server's own sentence: nothing to fetch).
 */
export async function apiErrorWithMessages(
  status: number,
  body: unknown,
  fallback: string,
): Promise<ApiError> {
  await loadMessages("errors").catch(() => {});
  return apiErrorOf(status, body, fallback);
}

async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return apiErrorWithMessages(res.status, body, `${res.status}: ${text || res.statusText}`);
}

export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let payload: string | undefined;
  if (method !== "GET") {
    // The server refuses mutations that are not JSON, so there is always a JSON body.
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body ?? {});
  }
  const res = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body: payload,
    credentials: "same-origin",
    signal: options.signal,
  });
  if (res.status === 401 && options.on401 === "returnNull") return null as T;
  if (!res.ok) throw await errorFrom(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, body, options),
  del: <T = void>(path: string, options?: RequestOptions) => request<T>("DELETE", path, undefined, options),
};

/**
 * The message to show a person for any thrown value: the server's sentence for an ApiError, else
 * `fallback` (the spec's "Failed to add warehouse." style), else a generic line.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  // English shows the server's own sentence (it may name the thing). Another language renders the
  // message's code with its params (errors.json), else the catalog's translation of that very
  // sentence, else the message for the answer's code, else the server's sentence.
  if (error instanceof ApiError && error.message) {
    if (englishReadsRight(error.params, error.issues)) return error.message;
    const coded = codedText(error.messageCode, error.params, error.issues);
    if (coded !== undefined) return coded;
    if (getLocale().language === "en") return error.message;
    const exact = translateMessage(error.message);
    if (exact !== error.message) return exact;
    const key = `errors.${error.code}`;
    return isKey(key) ? translate(key) : error.message;
  }
  if (fallback) return fallback;
  if (error instanceof TypeError) return translate("common.serverUnreachable");
  return translate("common.unexpectedError");
}
