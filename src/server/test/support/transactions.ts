import type { LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Role } from "../../../domain/roles";
import type { StockLevel } from "../../../domain/stock";
import type { TransactionKind } from "../../../domain/transaction-kinds";
import { checkBatchTotals } from "../../check/batch-totals-check";
import { checkCounts } from "../../check/counts-check";
import { checkLedger } from "../../check/ledger-check";
import { checkRolls } from "../../check/rolls-check";
import { checkSnapshotBatches } from "../../check/snapshot-batches-check";
import type { Database } from "../../db/schema";
import { insertMaterial, insertSupplier, insertWarehouse } from "../fixtures";
import type { TestContext } from "../test-context";

/** Helpers for the ledger's server tests (not a test file itself). */

let counter = 0;
/** A name no other test of this database uses. */
/** The transaction date the posting tests use unless a test needs another. */
export const TEST_DATE = "2024-03-05";

export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

export interface MasterData {
  supplierId: number;
  warehouses: number[];
  materials: number[];
}

export async function createMasterData(
  db: Kysely<Database>,
  warehouses = 2,
  materials = 2,
): Promise<MasterData> {
  const supplierId = await insertSupplier(db, unique("Supplier"));
  const w: number[] = [];
  for (let i = 0; i < warehouses; i++) w.push(await insertWarehouse(db, unique("Warehouse")));
  const m: number[] = [];
  for (let i = 0; i < materials; i++) m.push(await insertMaterial(db, unique("Cotton"), unique("Navy")));
  return { supplierId, warehouses: w, materials: m };
}

/** Master data of two warehouses and two materials, by the names the rolls suites give them. */
export interface TwoOfEach {
  m: MasterData;
  mat: number;
  other: number;
  main: number;
  annex: number;
}

export async function twoOfEach(db: Kysely<Database>): Promise<TwoOfEach> {
  const m = await createMasterData(db, 2, 2);
  const [mat, other] = m.materials as [number, number];
  const [main, annex] = m.warehouses as [number, number];
  return { m, mat, other, main, annex };
}

export function post(
  ctx: TestContext,
  kind: TransactionKind | string,
  payload: unknown,
  options: { role?: Role; key?: string } = {},
): Promise<LightMyRequestResponse> {
  return ctx.request({
    method: "POST",
    url: `/api/transactions/${kind}`,
    payload: payload as Record<string, unknown>,
    role: options.role ?? "clerk",
    headers: options.key ? { "idempotency-key": options.key } : {},
  });
}

/** POSTs and asserts 201; returns the detail. */
export async function postOk(ctx: TestContext, kind: TransactionKind, payload: unknown) {
  const res = await post(ctx, kind, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A receipt of `items` from the master data's supplier into one of its warehouses (201 expected). */
export function receiveOk(
  ctx: TestContext,
  m: MasterData,
  items: unknown[],
  warehouse = 0,
  date = TEST_DATE,
) {
  return postOk(ctx, "receive", {
    transactionDate: date,
    supplierId: m.supplierId,
    warehouseId: m.warehouses[warehouse],
    items,
  });
}

/** The stored ledger lines of one transaction, in posting order. */
/** A stock opname's answered lines as [roll, yards before, yards counted, change] (count tests). */
export function countedLines(count: {
  details: { rollId: number | null; previousYards: number; countedYards: number; yardsChange: number }[];
}) {
  return count.details.map((d) => [d.rollId, d.previousYards, d.countedYards, d.yardsChange]);
}

export function storedLines(db: Kysely<Database>, transactionId: number) {
  return db
    .selectFrom("transaction_lines")
    .select(["material_id", "batch", "warehouse_id", "yards_change_centi", "previous_centi", "counted_centi"])
    .where("transaction_id", "=", transactionId)
    .orderBy("id")
    .execute();
}

export async function stockLevels(ctx: TestContext, query = ""): Promise<StockLevel[]> {
  const res = await ctx.request({ method: "GET", url: `/api/stock-levels${query ? `?${query}` : ""}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Available yards of one key, or undefined when it has no balance row. */
export async function balanceOf(
  db: Kysely<Database>,
  materialId: number,
  batch: string,
  warehouseId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("balances")
    .select("yards_centi")
    .where("material_id", "=", materialId)
    .where("batch", "=", batch)
    .where("warehouse_id", "=", warehouseId)
    .executeTakeFirst();
  return row ? Number(row.yards_centi) / 100 : undefined;
}

/** How many rows `table` has: what a refusal must leave as it was. */
export async function rowCount(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a refused posting must leave untouched. */
export async function snapshot(db: Kysely<Database>) {
  const count = (table: "transactions" | "transaction_lines" | "balances" | "idempotency_keys") =>
    rowCount(db, table);
  const balances = await db
    .selectFrom("balances")
    .select(["material_id", "batch", "warehouse_id", "yards_centi", "first_received"])
    .orderBy("material_id")
    .orderBy("batch")
    .orderBy("warehouse_id")
    .execute();
  const sequences = await db
    .selectFrom("number_sequences")
    .selectAll()
    .orderBy("prefix")
    .orderBy("year")
    .execute();
  // The dashboard's aggregates are written in the posting's transaction too.
  const warehouseTotals = await db
    .selectFrom("warehouse_totals")
    .selectAll()
    .orderBy("warehouse_id")
    .execute();
  const dailyMovements = await db
    .selectFrom("daily_movements")
    .selectAll()
    .orderBy("movement_date")
    .execute();
  const rolls = await db
    .selectFrom("rolls")
    .select([
      "id",
      "warehouse_id",
      "length_centi",
      "status",
      "bin",
      "last_moved_at",
      "unit_cost_e4",
      "value_e4",
    ])
    .orderBy("id")
    .execute();
  return {
    transactions: await count("transactions"),
    rolls,
    lines: await count("transaction_lines"),
    balanceRows: await count("balances"),
    idempotencyKeys: await count("idempotency_keys"),
    balances,
    sequences,
    warehouseTotals,
    dailyMovements,
  };
}

export async function expectLedgerConsistent(db: Kysely<Database>) {
  expect(await checkLedger(db)).toEqual([]);
  expect(await checkRolls(db)).toEqual([]);
  expect(await checkBatchTotals(db)).toEqual([]);
  expect(await checkSnapshotBatches(db)).toEqual([]);
  expect(await checkCounts(db)).toEqual([]);
  const negative = await db
    .selectFrom("balances")
    .select("yards_centi")
    .where("yards_centi", "<", 0)
    .execute();
  expect(negative).toEqual([]);
}
