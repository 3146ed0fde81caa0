import fc from "fast-check";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { ROLES, type Role } from "../domain/roles";
import { describeEachDialect } from "./test/test-context";

/** Tables whose row counts must not change when a request is refused (the throttle counts failures by design). */
const GUARDED_TABLES = [
  "users",
  "warehouses",
  "suppliers",
  "materials",
  "thresholds",
  "transactions",
  "transaction_lines",
  "balances",
  "number_sequences",
  "idempotency_keys",
  "master_data_changes",
];

const pathId = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map(String),
  fc.constantFrom(
    "0",
    "-1",
    "1e3",
    "1.5",
    "99999999999999999999",
    "NaN",
    "%00",
    "..%2F..",
    "%F0%9F%A7%B5",
    "null",
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "",
    "-1",
    "0",
    "1000001",
    "true",
    "2024-02-30",
    "all_types",
    "'; drop table balances; --",
    "🧵",
  ),
);
const query = fc.dictionary(
  fc.constantFrom(
    "limit",
    "offset",
    "type",
    "warehouse",
    "material",
    "batch",
    "startDate",
    "endDate",
    "groupBy",
    "format",
    "lowStock",
    "x",
  ),
  queryValue,
  { maxKeys: 4 },
);
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      typeName: fc.string(),
      colorName: fc.string(),
      materialId: fc.oneof(fc.integer(), fc.string()),
      thresholdYards: fc.oneof(fc.integer(), fc.double(), fc.string()),
      transactionDate: fc.oneof(fc.string(), fc.constant("2024-01-01")),
      warehouseId: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.string()),
      supplierId: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.string()),
      items: fc.array(
        fc.record({
          materialId: fc.oneof(fc.integer({ min: -1, max: 3 }), fc.string()),
          batch: fc.string({ maxLength: 5 }),
          yards: fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constant(1e308)),
        }),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: [] },
  ),
);
const rawBody = fc.oneof(
  jsonBody.map((b) => ({ payload: JSON.stringify(b), type: "application/json" })),
  fc.string().map((s) => ({ payload: s, type: "application/json" })),
  fc.string().map((s) => ({ payload: s, type: "text/plain" })),
  fc.constant({ payload: `{"name":"${"x".repeat(1_100_000)}"}`, type: "application/json" }),
  fc.constant({ payload: "", type: "application/json" }),
);

describeEachDialect("hostile input", (ctx) => {
  it("never answers 5xx, writes nothing when it refuses, and stays up", async () => {
    const doc = (await ctx().request({ method: "GET", url: "/api/openapi.json", role: null })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })))
      // These end or change the suite's own sessions; their input handling is covered in auth tests.
      .filter((r) => !["/api/auth/logout", "/api/auth/password", "/api/auth/setup"].includes(r.path));
    const counts = async () => {
      const parts = GUARDED_TABLES.map((t) => `(select count(*) from ${t}) as ${t}`).join(", ");
      const row = (await sql.raw(`select ${parts}`).execute(ctx().db.kysely)).rows[0] as Record<
        string,
        unknown
      >;
      return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
    };
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        // Mostly roles that pass the access check, so the input reaches validation and the handlers.
        fc.oneof(
          { arbitrary: fc.constantFrom<Role>("admin", "clerk"), weight: 4 },
          { arbitrary: fc.constantFrom<Role | null>(null, ...ROLES), weight: 1 },
        ),
        pathId,
        query,
        rawBody,
        async (route, role, id, q, body) => {
          const url = `${route.path.replace("{id}", id)}?${new URLSearchParams(q).toString()}`;
          const before = await counts();
          const res = await ctx().request({
            method: route.method as "GET",
            url,
            role,
            ...(route.method === "GET"
              ? {}
              : { payload: body.payload, headers: { "content-type": body.type } }),
          });
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${route.method} ${url} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
            expect(await counts(), `${route.method} ${url} wrote on ${res.statusCode}`).toEqual(before);
          }
        },
      ),
      { numRuns: 400, seed: 4242 },
    );
    // The run must have reached the handlers, not only the access checks.
    expect((seen.get(400) ?? 0) + (seen.get(404) ?? 0)).toBeGreaterThan(50);
    const health = await ctx().request({ method: "GET", url: "/api/health", role: null });
    expect(health.statusCode).toBe(200);
  }, 300_000);

  it("round-trips names in Bahasa, CJK and emoji exactly", async () => {
    for (const name of [
      "Gudang Utama Cikarang",
      "第二倉庫 東京",
      "🧵 Benang & Kain ✂️",
      "Kain Batik Pekalongan – Mega Mendung",
    ]) {
      const created = await ctx().request({
        method: "POST",
        url: "/api/suppliers",
        payload: { name, contactInfo: name },
      });
      expect(created.statusCode).toBe(201);
      const list = (await ctx().request({ method: "GET", url: "/api/suppliers", role: "viewer" })).json() as {
        name: string;
        contactInfo: string;
      }[];
      expect(list.find((s) => s.name === name)?.contactInfo).toBe(name);
    }
  });
});
