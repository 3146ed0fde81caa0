import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { expect } from "vitest";
import type { Role } from "../../../domain/roles";
import { batchMarkOf } from "../../modules/thresholds/low-marks";
import type { TestContext } from "../test-context";

/**
 * Helpers shared by the master-data suites (warehouses, suppliers, materials, thresholds).
 * References are written straight into the ledger tables: these suites test the refusal to delete
 * referred-to rows, not posting.
 */

export interface Issue {
  path: string;
  message: string;
}

type Ctx = () => TestContext;

export const api = (ctx: Ctx) => ({
  get: (url: string, role: Role | null = "admin") => ctx().request({ method: "GET", url, role }),
  post: (url: string, payload: unknown, role: Role | null = "admin") =>
    ctx().request({ method: "POST", url, payload: payload as object, role }),
  put: (url: string, payload: unknown, role: Role | null = "admin") =>
    ctx().request({ method: "PUT", url, payload: payload as object, role }),
  // The request guard wants every mutation to be JSON, so a delete carries an empty object.
  delete: (url: string, role: Role | null = "admin") =>
    ctx().request({ method: "DELETE", url, payload: {}, role }),
});

/** A 400 whose issues include `expected` (path and message). */
export function expectIssues(res: LightMyRequestResponse, expected: Issue[]): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe("VALIDATION_ERROR");
  expect(body.issues).toMatchObject(expect.arrayContaining(expected.map((i) => expect.objectContaining(i))));
}

/** The contract's error shape with this status. */
export function expectError(res: LightMyRequestResponse, status: number, message?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(typeof body.message).toBe("string");
  expect(typeof body.code).toBe("string");
  if (message !== undefined) expect(body.message).toBe(message);
}

export async function adminId(ctx: Ctx): Promise<number> {
  const row = await ctx()
    .db.kysely.selectFrom("users")
    .select("id")
    .where("username", "=", "admin")
    .executeTakeFirstOrThrow();
  return row.id;
}

let sequence = 0;

/** A transaction header as posting would write it; returns its id. */
export async function insertTransactionRow(
  ctx: Ctx,
  refs: {
    type?: string;
    supplierId?: number | null;
    warehouseId?: number | null;
    sourceWarehouseId?: number | null;
    destinationWarehouseId?: number | null;
  },
): Promise<number> {
  sequence += 1;
  const row = await ctx()
    .db.kysely.insertInto("transactions")
    .values({
      transaction_number: `TST-2024-${String(sequence).padStart(5, "0")}-${ctx().dialect}`,
      transaction_type: refs.type ?? "Receive",
      transaction_date: "2024-03-05",
      supplier_id: refs.supplierId ?? null,
      warehouse_id: refs.warehouseId ?? null,
      source_warehouse_id: refs.sourceWarehouseId ?? null,
      destination_warehouse_id: refs.destinationWarehouseId ?? null,
      reference_document: null,
      reason_code: null,
      notes: null,
      created_by: await adminId(ctx),
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLineRow(
  ctx: Ctx,
  line: { transactionId: number; materialId: number; warehouseId: number; batch?: string; yards?: number },
): Promise<void> {
  await ctx()
    .db.kysely.insertInto("transaction_lines")
    .values({
      transaction_id: line.transactionId,
      material_id: line.materialId,
      warehouse_id: line.warehouseId,
      batch: line.batch ?? "B-001",
      yards_change_centi: Math.round((line.yards ?? 10) * 100),
      previous_centi: null,
      counted_centi: null,
    })
    .execute();
}

export async function insertBalanceRow(
  ctx: Ctx,
  balance: { materialId: number; warehouseId: number; batch?: string; yards?: number },
): Promise<void> {
  await ctx()
    .db.kysely.insertInto("balances")
    .values({
      material_id: balance.materialId,
      warehouse_id: balance.warehouseId,
      batch: balance.batch ?? "B-001",
      yards_centi: Math.round((balance.yards ?? 10) * 100),
      first_received: "2024-03-05",
      last_updated: new Date().toISOString(),
      // As the posting does: the mark from the thresholds that exist now.
      low_at_centi: batchMarkOf(sql.val(balance.materialId), sql.val(balance.batch ?? "B-001")),
    })
    .execute();
}

/** Rows in a table, to show that a refused request wrote nothing. */
export async function countRows(
  ctx: Ctx,
  table: "warehouses" | "suppliers" | "materials" | "thresholds",
): Promise<number> {
  const row = await ctx()
    .db.kysely.selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Admin-only writes: clerk and viewer get 403, anonymous 401; reads are open to any signed-in role. */
export async function expectAdminOnlyWrites(
  ctx: Ctx,
  paths: { collection: string; item: string },
  body: unknown,
): Promise<void> {
  const http = api(ctx);
  for (const [role, status] of [
    ["clerk", 403],
    ["viewer", 403],
    [null, 401],
  ] as const) {
    expectError(await http.post(paths.collection, body, role), status);
    expectError(await http.put(paths.item, body, role), status);
    expectError(await http.delete(paths.item, role), status);
  }
  for (const role of ["admin", "clerk", "viewer"] as const) {
    expect((await http.get(paths.collection, role)).statusCode).toBe(200);
  }
  expectError(await http.get(paths.collection, null), 401);
}

/** The area's four operations appear in the OpenAPI document with tags, summary and responses. */
export async function expectDocumented(ctx: Ctx, collection: string, item: string): Promise<void> {
  const doc = (await ctx().request({ method: "GET", url: "/api/openapi.json", role: null })).json();
  const operations = [
    [collection, "get", "200"],
    [collection, "post", "201"],
    [item, "put", "200"],
    [item, "delete", "204"],
  ] as const;
  for (const [path, method, success] of operations) {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op.tags).toHaveLength(1);
    expect(op.summary).toEqual(expect.any(String));
    expect(Object.keys(op.responses)).toContain(success);
    if (success !== "204") expect(op.responses[success].content["application/json"].schema).toBeDefined();
    const errorCodes = method === "get" ? ["401"] : ["401", "403", method === "post" ? "409" : "404"];
    for (const code of errorCodes) {
      // Error answers share one schema, the document's ApiError component.
      const schema = op.responses[code]?.content["application/json"].schema;
      const resolved = schema?.$ref ? doc.components.schemas[schema.$ref.split("/").at(-1)] : schema;
      expect(resolved?.required, `${method} ${path} ${code}`).toEqual([
        "message",
        "code",
        "messageCode",
        "params",
      ]);
    }
    if (method === "post" || method === "put") expect(op.requestBody).toBeDefined();
  }
}
