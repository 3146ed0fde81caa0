/**
 * Thin fetch wrapper for the app's JSON API (CONTRACT.md section 5). Sends the session cookie,
 * parses JSON, and throws ApiError for every non-2xx answer so that TanStack Query sees a failure.
 */

import { getLocale, isKey, translate, translateMessage } from "../i18n/store";

export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
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

async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let body: { message?: unknown; code?: unknown; issues?: unknown } | null = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const message =
    body && typeof body.message === "string" && body.message
      ? body.message
      : `${res.status}: ${text || res.statusText}`;
  const code = body && typeof body.code === "string" ? body.code : `HTTP_${res.status}`;
  const issues = body && Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : [];
  return new ApiError(res.status, code, message, issues);
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
  // English shows the server's own sentence (it may name the thing). Another language shows the
  // catalog's translation of that very sentence when it has one, else the message for the error's
  // code (errors.json), else the server's sentence.
  if (error instanceof ApiError && error.message) {
    if (getLocale().language === "en") return error.message;
    const exact = translateMessage(error.message);
    if (exact !== error.message) return exact;
    const key = `errors.${error.code}`;
    return isKey(key) ? translate(key) : error.message;
  }
  if (fallback) return fallback;
  if (error instanceof TypeError) return translate("errors.unreachable");
  return translate("errors.unexpected");
}
