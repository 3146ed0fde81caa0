import { sql } from "kysely";
import { expect, it } from "vitest";
import { insertMaterial, insertSupplier, insertWarehouse } from "./test/fixtures";
import { describeEachDialect, TEST_PASSWORD, type TestContext } from "./test/test-context";

/**
 * CONTRACT.md section 1, "Text": control characters and lone surrogates are refused with 400 in
 * every string of a body or a query, on both engines (PostgreSQL cannot store a NUL at all and
 * answered 500), and a name needs a visible character.
 */

const CONTROL = "Must not contain control characters";
const SURROGATE = "Must not contain broken characters (an unpaired surrogate)";

const HOSTILE: { label: string; value: string; message: string }[] = [
  { label: "NUL", value: "Main\u0000Hall", message: CONTROL },
  { label: "unit separator", value: "Main\u001FHall", message: CONTROL },
  { label: "DEL", value: "Main\u007FHall", message: CONTROL },
  { label: "escape", value: "\u001B[31mMain", message: CONTROL },
  { label: "lone high surrogate", value: "Main\uD800Hall", message: SURROGATE },
  { label: "lone low surrogate", value: "\uDC00Main", message: SURROGATE },
];

/** Every table a refused request must leave as it was (sessions by count: reads refresh last_seen_at). */
const TABLES = [
  "users",
  "login_throttle",
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
  "schema_meta",
];

async function snapshot(ctx: TestContext) {
  const db = ctx.db.kysely;
  const rows: Record<string, unknown> = {};
  for (const table of TABLES)
    rows[table] = (await sql.raw(`select * from ${table} order by 1`).execute(db)).rows;
  rows.sessions = Number(
    ((await sql.raw("select count(*) as n from sessions").execute(db)).rows[0] as { n: unknown }).n,
  );
  return rows;
}

interface Issue {
  path: string;
  message: string;
}

function expectRefused(
  res: { statusCode: number; body: string; json(): unknown },
  path: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; message: string; issues: Issue[] };
  expect(body.code).toBe("VALIDATION_ERROR");
  expect(body.issues, res.body).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
}

describeEachDialect("hostile text", (ctx) => {
  const db = () => ctx().db.kysely;

  /** A body route, a valid payload, and the string fields to spoil one at a time. */
  async function bodyCases() {
    const warehouseId = await insertWarehouse(db(), `Hostile W ${Math.random()}`);
    const supplierId = await insertSupplier(db(), `Hostile S ${Math.random()}`);
    const materialId = await insertMaterial(db(), `Hostile T ${Math.random()}`, "Navy");
    const clerkId = (
      await db().selectFrom("users").select("id").where("username", "=", "clerk").executeTakeFirstOrThrow()
    ).id;
    const posting = {
      transactionDate: "2024-03-05",
      supplierId,
      warehouseId,
      notes: "ok",
      referenceDocument: "PO-1",
      items: [{ id: "row-1", materialId, batch: "B-1", yards: 5 }],
    };
    const set = (body: Record<string, unknown>, path: string, value: string) => {
      const copy = structuredClone(body);
      const keys = path.split(".");
      let target: Record<string, unknown> = copy;
      for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
      target[keys.at(-1) as string] = value;
      return copy;
    };
    return {
      set,
      cases: [
        {
          method: "POST",
          url: "/api/warehouses",
          body: { name: "W", location: "L" },
          fields: ["name", "location"],
        },
        {
          method: "PUT",
          url: `/api/warehouses/${warehouseId}`,
          body: { name: "W2", location: "L" },
          fields: ["name", "location"],
        },
        {
          method: "POST",
          url: "/api/suppliers",
          body: { name: "S", contactInfo: "C" },
          fields: ["name", "contactInfo"],
        },
        {
          method: "PUT",
          url: `/api/suppliers/${supplierId}`,
          body: { name: "S2", contactInfo: "C" },
          fields: ["name", "contactInfo"],
        },
        {
          method: "POST",
          url: "/api/materials",
          body: { typeName: "T", colorName: "C", colorCode: "#000" },
          fields: ["typeName", "colorName", "colorCode"],
        },
        {
          method: "POST",
          url: "/api/thresholds",
          body: { materialId, batch: "B-1", thresholdYards: 5 },
          fields: ["batch"],
        },
        {
          method: "POST",
          url: "/api/users",
          body: { username: "newuser", password: TEST_PASSWORD, role: "clerk" },
          fields: ["username", "password"],
        },
        {
          method: "PATCH",
          url: `/api/users/${clerkId}`,
          body: { password: TEST_PASSWORD },
          fields: ["password"],
        },
        {
          method: "POST",
          url: "/api/auth/password",
          body: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
          fields: ["currentPassword", "newPassword"],
          role: "viewer" as const,
        },
        {
          method: "POST",
          url: "/api/auth/setup",
          body: { username: "first", password: TEST_PASSWORD },
          fields: ["username", "password"],
          role: null,
        },
        {
          method: "POST",
          url: "/api/transactions/receive",
          body: posting,
          fields: [
            "notes",
            "referenceDocument",
            "transactionDate",
            "transactionType",
            "items.0.batch",
            "items.0.id",
          ],
        },
        {
          method: "POST",
          url: "/api/transactions/waste",
          body: { ...posting, supplierId: undefined, reasonCode: "Damaged" },
          fields: ["reasonCode"],
        },
      ],
    };
  }

  it("refuses control characters and lone surrogates in every string of a body, writing nothing", async () => {
    const { set, cases } = await bodyCases();
    const before = await snapshot(ctx());
    for (const c of cases) {
      for (const field of c.fields) {
        for (const bad of HOSTILE) {
          const res = await ctx().request({
            method: c.method as "POST",
            url: c.url,
            payload: set(c.body as Record<string, unknown>, field, bad.value),
            role: "role" in c ? c.role : "admin",
          });
          expectRefused(res, field, bad.message);
        }
      }
    }
    expect(await snapshot(ctx())).toEqual(before);
  });

  it("answers a sign-in with a NUL or another control character with 400, not 500, and counts no failure", async () => {
    const before = await snapshot(ctx());
    for (const bad of HOSTILE) {
      for (const [field, body] of [
        ["username", { username: `admin${bad.value}`, password: TEST_PASSWORD }],
        ["password", { username: "admin", password: `${TEST_PASSWORD}${bad.value}` }],
      ] as const) {
        const res = await ctx().request({
          method: "POST",
          url: "/api/auth/login",
          payload: body,
          role: null,
        });
        expectRefused(res, field, bad.message);
      }
    }
    expect(await snapshot(ctx())).toEqual(before);
  });

  it("refuses control characters in every parameter of a query string", async () => {
    // [list, text filters (the control-character message), typed parameters (their own message)]
    const lists: [string, string[], string[]][] = [
      [
        "/api/stock-levels",
        ["type", "typeFilter", "color", "colorFilter", "batch", "batchFilter", "batchSearch"],
        ["warehouse", "material", "lowStock", "limit", "offset"],
      ],
      ["/api/reports/stock-status", ["type", "color", "batch", "batchSearch"], ["groupBy"]],
      ["/api/reports/low-stock", [], ["warehouse"]],
      ["/api/reports/aging", ["type", "typeFilter"], ["ageGroup"]],
      ["/api/reports/aging/summary", ["type", "typeFilter"], []],
      ["/api/transactions", ["batch", "batchFilter"], ["type", "transactionType", "startDate", "endDate"]],
      ["/api/transactions/counts", ["batch"], ["type", "warehouse"]],
    ];
    const before = await snapshot(ctx());
    for (const [url, texts, typed] of lists) {
      for (const param of [...texts, ...typed]) {
        for (const encoded of ["%00", "B%00-1", "%1F", "%7F", "%1B", "%09B-1", "B-1%0A", "%0D"]) {
          const res = await ctx().request({
            method: "GET",
            url: `${url}?${param}=${encoded}`,
            role: "viewer",
          });
          if (texts.includes(param)) expectRefused(res, param, CONTROL);
          else {
            expect(res.statusCode, `${url}?${param}=${encoded}: ${res.body}`).toBe(400);
            expect(res.json().issues.map((i: Issue) => i.path)).toContain(param);
          }
        }
      }
    }
    expect(await snapshot(ctx())).toEqual(before);
  });

  it("refuses a name without a visible character with the field's 'required' message", async () => {
    const invisible = ["\u200B", "\u200C\u200D", "\u2060", "\uFEFF", "   ", " \u200B\u00A0\u3000 "];
    const warehouseId = await insertWarehouse(db(), `Invisible W ${Math.random()}`);
    const materialId = await insertMaterial(db(), `Invisible T ${Math.random()}`, "Navy");
    const supplierId = await insertSupplier(db(), `Invisible S ${Math.random()}`);
    const before = await snapshot(ctx());
    for (const name of invisible) {
      const refusals: [string, string, Record<string, unknown>, string, string][] = [
        ["POST", "/api/warehouses", { name }, "name", "Warehouse name is required"],
        ["PUT", `/api/warehouses/${warehouseId}`, { name }, "name", "Warehouse name is required"],
        ["POST", "/api/suppliers", { name }, "name", "Supplier name is required"],
        [
          "POST",
          "/api/materials",
          { typeName: name, colorName: "Red" },
          "typeName",
          "Material type is required",
        ],
        [
          "POST",
          "/api/materials",
          { typeName: "Cotton", colorName: name },
          "colorName",
          "Color name is required",
        ],
        [
          "POST",
          "/api/users",
          { username: name, password: TEST_PASSWORD, role: "clerk" },
          "username",
          "Username is required",
        ],
        [
          "POST",
          "/api/transactions/receive",
          {
            transactionDate: "2024-03-05",
            supplierId,
            warehouseId,
            items: [{ materialId, batch: name, yards: 1 }],
          },
          "items.0.batch",
          "All items must have a batch specified",
        ],
      ];
      for (const [method, url, payload, path, message] of refusals) {
        const res = await ctx().request({ method: method as "POST", url, payload });
        expectRefused(res, path, message);
      }
    }
    expect(await snapshot(ctx())).toEqual(before);
  });

  it("keeps tabs and line breaks inside notes, and names with joiners or no-break spaces, exactly", async () => {
    const warehouseId = await insertWarehouse(db(), `Notes W ${Math.random()}`);
    const supplierId = await insertSupplier(db(), `Notes S ${Math.random()}`);
    const materialId = await insertMaterial(db(), `Notes T ${Math.random()}`, "Navy");
    const notes = "Roll 1\tshort\r\nRoll 2\tok\nchecked";
    const res = await ctx().request({
      method: "POST",
      url: "/api/transactions/receive",
      payload: {
        transactionDate: "2024-03-05",
        supplierId,
        warehouseId,
        notes,
        items: [{ materialId, batch: "N-1", yards: 1 }],
      },
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = await ctx().request({ method: "GET", url: `/api/transactions/${res.json().header.id}` });
    expect(detail.json().header.notes).toBe(notes);

    for (const name of ["👩‍👩‍👧 Family Fabrics", "Gudang\u00A0Utama", "क्षेत्र"]) {
      const created = await ctx().request({ method: "POST", url: "/api/warehouses", payload: { name } });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().name).toBe(name);
    }
    // A tab is a line-break-free field's control character: refused in a name, not trimmed away.
    const tabbed = await ctx().request({
      method: "POST",
      url: "/api/warehouses",
      payload: { name: "Main\tHall" },
    });
    expectRefused(tabbed, "name", CONTROL);
  });
});
