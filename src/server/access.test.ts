import { expect, it } from "vitest";
import { type Access, ROLES, type Role } from "../domain/roles";
import { describeEachDialect } from "./test/test-context";

/**
 * Who may call what: one row per documented route. A route added without a row here fails the
 * first test, so no route ships without a decided rule (issue 7, OWASP ASVS V8).
 */
const ACCESS: Record<string, Access> = {
  "GET /api/health": "public",
  "GET /api/auth/me": "public",
  "POST /api/auth/setup": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/logout": "public",
  "POST /api/auth/password": "read",
  "PATCH /api/auth/me": "read",
  "POST /api/imports/{kind}": "admin",
  "GET /api/imports/{kind}/template": "admin",
  "POST /api/imports/packing-list": "record",
  "POST /api/counts": "record",
  "GET /api/counts": "read",
  "GET /api/counts/{id}": "read",
  "POST /api/counts/{id}/entries": "record",
  "GET /api/counts/{id}/entries": "read",
  "GET /api/counts/{id}/review": "read",
  "GET /api/counts/{id}/sheet": "read",
  "POST /api/counts/{id}/post": "record",
  "POST /api/counts/{id}/cancel": "record",
  "POST /api/purchase-orders": "admin",
  "GET /api/purchase-orders": "read",
  "GET /api/purchase-orders/{id}": "read",
  "POST /api/purchase-orders/{id}/close": "admin",
  "GET /api/purchase-orders/reorder": "admin",
  "GET /api/purchase-orders/{id}/print": "read",
  "GET /api/purchase-orders/{id}/receipts": "read",
  "POST /api/transactions/{id}/costs": "admin",
  "GET /api/reports/supplier-shortages/claims/{id}": "read",
  "POST /api/orders": "record",
  "GET /api/orders": "read",
  "GET /api/orders/{id}": "read",
  "GET /api/orders/{id}/proposal": "read",
  "POST /api/orders/{id}/reserve": "record",
  "POST /api/orders/{id}/cancel": "record",
  "GET /api/orders/{id}/pick-list": "read",
  "GET /api/users": "admin",
  "POST /api/users": "admin",
  "PATCH /api/users/{id}": "admin",
  "GET /api/warehouses": "read",
  "POST /api/warehouses": "admin",
  "PUT /api/warehouses/{id}": "admin",
  "DELETE /api/warehouses/{id}": "admin",
  "GET /api/suppliers": "read",
  "POST /api/suppliers": "admin",
  "PUT /api/suppliers/{id}": "admin",
  "DELETE /api/suppliers/{id}": "admin",
  "GET /api/materials": "read",
  "POST /api/materials": "admin",
  "PUT /api/materials/{id}": "admin",
  "DELETE /api/materials/{id}": "admin",
  "GET /api/thresholds": "read",
  "POST /api/thresholds": "admin",
  "PUT /api/thresholds/{id}": "admin",
  "DELETE /api/thresholds/{id}": "admin",
  "GET /api/transactions": "read",
  "GET /api/transactions/counts": "read",
  "GET /api/transactions/{id}": "read",
  "POST /api/transactions/receive": "record",
  "POST /api/transactions/production-usage": "record",
  "POST /api/transactions/waste": "record",
  "POST /api/transactions/transfer": "record",
  "POST /api/transactions/return": "record",
  "POST /api/transactions/stock-opname": "record",
  "GET /api/stock-levels": "read",
  "GET /api/dashboard": "read",
  "GET /api/reports/stock-status": "read",
  "GET /api/reports/low-stock": "read",
  "GET /api/reports/aging": "read",
  "GET /api/reports/aging/summary": "read",
  "GET /api/materials/{id}": "read",
  "POST /api/transactions/{id}/reverse": "record",
  "GET /api/rolls": "read",
  "GET /api/rolls/find": "read",
  "GET /api/rolls/by-code/{code}": "read",
  "GET /api/rolls/{id}": "read",
  "PATCH /api/rolls/{id}": "record",
  "GET /api/reports/remnants": "read",
  "GET /api/reports/supplier-shortages": "read",
  "GET /api/reports/stock-value": "admin",
  "GET /api/reports/movement-value": "admin",
  "GET /api/reports/stock-card": "read",
  "GET /api/history": "read",
};

/**
 * Which signed-in roles each access level lets through (CONTRACT.md section 6), written out by hand
 * rather than taken from roleAllows, the function the server enforces with: a change to that
 * function must fail this test.
 */
const ALLOWED: Record<Access, readonly Role[]> = {
  public: ["admin", "clerk", "viewer"],
  read: ["admin", "clerk", "viewer"],
  record: ["admin", "clerk"],
  admin: ["admin"],
};

describeEachDialect("route x role access", (ctx) => {
  const documented = async () => {
    const doc = (await ctx().request({ method: "GET", url: "/api/openapi.json", role: null })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    return Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
  };

  it("has a decided access rule for every documented route", async () => {
    const routes = await documented();
    const undecided = routes.filter((r) => !(r in ACCESS));
    expect(undecided, "routes without a row in ACCESS").toEqual([]);
    const stale = Object.keys(ACCESS).filter((r) => !routes.includes(r));
    expect(stale, "rows in ACCESS for routes that no longer exist").toEqual([]);
  });

  it("answers every route as each role allows: 401 without a session, 403 for a role without the right", async () => {
    const routes = await documented();
    const failures: string[] = [];
    for (const route of routes) {
      const access = ACCESS[route];
      if (!access || access === "public") continue;
      const [method, path] = route.split(" ") as [string, string];
      // An id that does not exist and an empty body: allowed roles get 400/404, never a side effect.
      const url = path.replace("{id}", "999999");
      const payload = method === "GET" || method === "DELETE" ? undefined : {};
      for (const role of [null, ...ROLES] as (Role | null)[]) {
        const res = await ctx().request({
          method: method as "GET",
          url,
          role,
          ...(payload ? { payload } : {}),
        });
        const expected = role === null ? 401 : ALLOWED[access].includes(role) ? "allowed" : 403;
        const ok =
          expected === "allowed"
            ? res.statusCode !== 401 && res.statusCode !== 403
            : res.statusCode === expected;
        if (!ok) failures.push(`${route} as ${role ?? "anonymous"}: ${res.statusCode}, expected ${expected}`);
        if (res.statusCode >= 500) failures.push(`${route} as ${role}: ${res.statusCode} ${res.body}`);
        if (res.statusCode >= 400) {
          const body = res.json();
          if (typeof body.message !== "string" || typeof body.code !== "string")
            failures.push(`${route}: error shape ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
