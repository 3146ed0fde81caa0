import { ADMIN } from "./app-server";

/**
 * Talks to the app's API as a signed-in user, for creating test data through the same routes the
 * screens use (never by writing the database).
 */
export class ApiClient {
  private cookie = "";
  constructor(readonly baseUrl: string) {}

  static async signIn(baseUrl: string, user = ADMIN): Promise<ApiClient> {
    const client = new ApiClient(baseUrl);
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(user),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    const setCookie = res.headers.get("set-cookie") ?? "";
    client.cookie = setCookie.split(";")[0] ?? "";
    return client;
  }

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: this.cookie, ...(method === "GET" ? {} : { "content-type": "application/json" }) },
      body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  get<T = unknown>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = unknown>(path: string, body: unknown) {
    return this.request<T>("POST", path, body);
  }
}
