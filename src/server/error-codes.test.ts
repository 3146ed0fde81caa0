import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { ERROR_CODES } from "../domain/error-codes";
import { errorText } from "../domain/error-text";
import { csv, upload } from "./test/imports-support";
import { post, receiveOk, TEST_DATE, twoOfEach } from "./test/support/transactions";
import { describeEachDialect } from "./test/test-context";

interface Coded {
  message: string;
  code: string;
  params: Record<string, string | number>;
}

/** A coded message: a registry code (never the UNCODED fallback) whose English rendering is the message. */
function expectCoded(where: string, entry: Coded) {
  expect(ERROR_CODES, `${where}: ${JSON.stringify(entry)}`).toContain(entry.code);
  expect(entry.code, `${where}: ${entry.message}`).not.toBe("UNCODED");
  expect(errorText(entry.code as never, entry.params), where).toBe(entry.message);
}

/**
 * CONTRACT.md section 17: every error answer has `code` and `messageCode` + `params` from the
 * registry, every issue (and every import row error) `code` + `params`, and each renders to the
 * English `message` API clients read.
 */
function expectCodedAnswer(res: LightMyRequestResponse, status: number, code?: string) {
  const where = `${res.raw.req.method} ${res.raw.req.url}`;
  expect(res.statusCode, `${where}: ${res.body}`).toBe(status);
  const body = res.json();
  expect(ERROR_CODES, where).toContain(body.code);
  if (code) expect(body.code, where).toBe(code);
  expectCoded(`${where} message`, { message: body.message, code: body.messageCode, params: body.params });
  for (const issue of body.issues ?? []) expectCoded(`${where} ${issue.path}`, issue);
  for (const error of body.errors ?? []) expectCoded(`${where} row ${error.row}`, error);
  return body;
}

describeEachDialect("error codes on every refusal", (ctx) => {
  const db = () => ctx().db.kysely;

  it("documents code, messageCode and each issue's code in the OpenAPI document, with the registry's codes", async () => {
    const res = await ctx().request({ method: "GET", url: "/api/openapi.json", role: null });
    expect(res.statusCode).toBe(200);
    const error = res.json().components.schemas.ApiError;
    expect(error.required).toEqual(expect.arrayContaining(["message", "code", "messageCode", "params"]));
    expect(error.properties.code.enum).toEqual(ERROR_CODES);
    expect(error.properties.messageCode.enum).toEqual(ERROR_CODES);
    const issue = error.properties.issues.items;
    expect(issue.required).toEqual(expect.arrayContaining(["path", "message", "code", "params"]));
    expect(issue.properties.code.enum).toEqual(ERROR_CODES);
    expect(issue.properties.code.description).toContain("catalog");
  });

  it("codes sign-in, role, not-found and unknown-route refusals", async () => {
    const login = await ctx().request({
      method: "POST",
      url: "/api/auth/login",
      role: null,
      payload: { username: "viewer", password: "not the password" },
    });
    expectCodedAnswer(login, 401, "UNAUTHORIZED");
    expectCodedAnswer(await ctx().request({ method: "GET", url: "/api/warehouses", role: null }), 401);
    const viewerWrite = await ctx().request({
      method: "POST",
      url: "/api/warehouses",
      role: "viewer",
      payload: { name: "Viewer Cannot" },
    });
    expectCodedAnswer(viewerWrite, 403, "FORBIDDEN");
    expectCodedAnswer(
      await ctx().request({ method: "GET", url: "/api/transactions/999999" }),
      404,
      "NOT_FOUND",
    );
    expectCodedAnswer(await ctx().request({ method: "GET", url: "/api/rolls/by-code/R999999" }), 404);
    expectCodedAnswer(await ctx().request({ method: "GET", url: "/api/no-such-thing" }), 404, "NOT_FOUND");
  });

  it("codes validation messages of the domain's schemas and zod's own", async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ["POST", "/api/warehouses", {}],
      ["POST", "/api/warehouses", { name: 5 }],
      ["POST", "/api/warehouses", { name: "x".repeat(300) }],
      ["POST", "/api/materials", { typeName: "Cotton", colorName: "Red", remnantBelowYards: -1 }],
      ["POST", "/api/users", { username: "a b", password: "short", role: "boss" }],
      ["POST", "/api/thresholds", { materialId: "5", thresholdValue: 0 }],
      ["POST", "/api/purchase-orders", { supplierId: 1, warehouseId: 1, lines: [] }],
      ["POST", "/api/counts", { warehouseId: "x", bins: [] }],
    ];
    for (const [method, url, payload] of cases) {
      const body = expectCodedAnswer(await ctx().request({ method: method as "POST", url, payload }), 400);
      expect(body.issues?.length, url).toBeGreaterThan(0);
    }
    expectCodedAnswer(await ctx().request({ method: "GET", url: "/api/transactions?limit=0" }), 400);
    expectCodedAnswer(await ctx().request({ method: "GET", url: "/api/warehouses?format=pdf" }), 400);
  });

  it("codes the posting's refusals: the kind's rules, dates, stock, named rolls, archived references", async () => {
    const t = await twoOfEach(db());
    await receiveOk(ctx(), t.m, [
      { materialId: t.mat, batch: "L1", rolls: [{ lengthYards: 10 }, { lengthYards: 10 }] },
    ]);
    const roll = await db()
      .selectFrom("rolls")
      .select("id")
      .where("material_id", "=", t.mat)
      .executeTakeFirstOrThrow();
    const rollId = roll.id;
    const header = { transactionDate: TEST_DATE, warehouseId: t.main };
    const refusals: [string, Record<string, unknown>, number][] = [
      ["receive", { transactionDate: TEST_DATE, items: [{ materialId: t.mat, batch: "L1", yards: 1 }] }, 400],
      ["receive", { ...header, supplierId: t.m.supplierId, transactionDate: "1999-12-31", items: [] }, 400],
      [
        "receive",
        {
          ...header,
          supplierId: t.m.supplierId,
          transactionDate: "2999-01-01",
          items: [{ materialId: t.mat, batch: "L1", yards: 1 }],
        },
        400,
      ],
      ["production-usage", { ...header, items: [{ materialId: t.mat, batch: "L1", yards: 500 }] }, 409],
      [
        "production-usage",
        { ...header, items: [{ materialId: t.mat, batch: "L1", yards: 1, rollId: 999999 }] },
        400,
      ],
      [
        "transfer",
        { transactionDate: TEST_DATE, sourceWarehouseId: t.main, destinationWarehouseId: t.main },
        400,
      ],
      [
        "waste",
        { ...header, reasonCode: "Stolen", items: [{ materialId: t.other, batch: "Z", yards: 1 }] },
        400,
      ],
      [
        "production-usage",
        { ...header, items: [{ materialId: t.mat, batch: "L1", yards: 15, rollId }] },
        409,
      ],
      [
        "production-usage",
        {
          ...header,
          transactionDate: "2001-01-01",
          items: [{ materialId: t.mat, batch: "L1", yards: 1, rollId }],
        },
        400,
      ],
    ];
    const seen = new Set<string>();
    for (const [kind, payload, status] of refusals) {
      const body = expectCodedAnswer(await post(ctx(), kind, payload), status);
      for (const issue of body.issues ?? []) seen.add(issue.code);
    }

    const archived = await ctx().request({
      method: "PUT",
      url: `/api/warehouses/${t.annex}`,
      payload: { name: "Annex Archived", isActive: false },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const intoArchived = await post(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.annex,
      items: [{ materialId: t.mat, batch: "L2", yards: 1 }],
    });
    for (const issue of expectCodedAnswer(intoArchived, 400).issues ?? []) seen.add(issue.code);
    // Each area's own codes, not only the generic ones.
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        "NO_ITEMS",
        "REASON_CODE_INVALID",
        "ROLL_DOES_NOT_EXIST",
        "ROLL_HOLDS_LESS",
        "ROLL_RECEIVED_AFTER",
        "SAME_WAREHOUSES",
        "STOCK_SHORT",
        "SUPPLIER_REQUIRED",
        "TRANSACTION_DATE_TOO_EARLY",
        "TRANSACTION_DATE_TOO_LATE",
        "WAREHOUSE_ARCHIVED",
      ]),
    );
    expectCodedAnswer(
      await ctx().request({
        method: "PUT",
        url: `/api/warehouses/${t.main}`,
        payload: { name: "Main", isActive: false },
      }),
      409,
      "HAS_STOCK",
    );
    expectCodedAnswer(
      await ctx().request({ method: "DELETE", url: `/api/materials/${t.mat}` }),
      409,
      "IN_USE",
    );
  });

  it("codes counts, purchase orders, duplicates and imports (each row and column error too)", async () => {
    const t = await twoOfEach(db());
    expectCodedAnswer(
      await ctx().request({ method: "POST", url: "/api/counts", payload: { warehouseId: 999999 } }),
      400,
    );
    expectCodedAnswer(await ctx().request({ method: "GET", url: "/api/counts/999999" }), 404);
    const order = {
      supplierId: 999999,
      warehouseId: t.main,
      expectedDate: "2026-12-05",
      lines: [
        { materialId: t.mat, yards: 1 },
        { materialId: t.mat, yards: 2 },
      ],
    };
    expectCodedAnswer(
      await ctx().request({ method: "POST", url: "/api/purchase-orders", payload: order }),
      400,
    );
    expectCodedAnswer(await ctx().request({ method: "POST", url: "/api/purchase-orders/999999/close" }), 404);
    await ctx().request({ method: "POST", url: "/api/suppliers", payload: { name: "Twice Supplier" } });
    const twice = await ctx().request({
      method: "POST",
      url: "/api/suppliers",
      payload: { name: "twice supplier" },
    });
    expectCodedAnswer(twice, 409, "DUPLICATE");

    const file = csv("Type,Color,Remnant Below (Yards)", "Linen,Sand,abc", "Linen,Sand,1.234", "Linen,,1");
    const refused = expectCodedAnswer(await upload(ctx(), "materials", "commit", file), 400, "IMPORT_ERRORS");
    expect(refused.errors.length).toBeGreaterThan(1);
    const noColumn = expectCodedAnswer(await upload(ctx(), "warehouses", "commit", csv("Where", "x")), 400);
    expect(noColumn.errors.length).toBeGreaterThan(0);
    expectCodedAnswer(await upload(ctx(), "warehouses", "commit", ""), 400, "EMPTY_FILE");
  });
});
