/**
 * The bench's purchasing measures (issue 39 point 6, CONTRACT.md section 16), without HTTP, on the
 * engine's database (its own master data: one supplier, one warehouse, 50 materials):
 * - a receive from a 50-line purchase order against a plain receive of the same 50 items, in
 *   alternating rounds (which goes first alternates), the median of the rounds' ratios; target:
 *   within 10% (ratio <= 1.10, not normalised: both sides of a round share the machine);
 * - a cost correction of a 500-roll receipt, 100 of whose rolls were cut (value lines too): every
 *   roll's cost set and a landed cost spread by value; median of 3; target <= 2 s (normalised).
 * Standalone: `npx tsx scripts/lib/bench-purchasing.ts` on a fresh SQLite file in .tmp/bench, or on
 * PostgreSQL with DATABASE_URL; prints the figures and the machine probe.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { CostCorrectionInputSchema } from "../../src/domain/cost-correction";
import { transactionSchemaFor } from "../../src/domain/transaction";
import { createDb, type Db } from "../../src/server/db/database";
import { migrateToLatest } from "../../src/server/db/migrations/index";
import { createPurchaseOrder } from "../../src/server/modules/purchase-orders/purchase-orders.service";
import { postCostCorrection, postTransaction } from "../../src/server/modules/transactions/posting.service";
import type { MeasureDef } from "./bench-verdict";
import { machineProbe, median } from "./stats";

const LINES = 50;
const ROUNDS = 40;
const DATE = "2026-01-15";

async function masterData(db: Db) {
  const tag = `bench-po-${Date.now().toString(36)}`;
  const now = new Date().toISOString();
  const user = await db.kysely
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .orderBy("id")
    .executeTakeFirst();
  const userId =
    user?.id ??
    (
      await db.kysely
        .insertInto("users")
        .values({
          username: tag,
          username_key: tag,
          password_hash: "x",
          role: "admin",
          is_active: 1,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const supplier = await db.kysely
    .insertInto("suppliers")
    .values({ name: tag, name_key: tag, contact_info: null, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const warehouse = await db.kysely
    .insertInto("warehouses")
    .values({ name: tag, name_key: tag, location: null, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const materials: number[] = [];
  for (let i = 0; i < LINES; i++) {
    const row = await db.kysely
      .insertInto("materials")
      .values({
        type_name: tag,
        type_key: tag,
        color_name: `C${i}`,
        color_key: `c${i}`,
        color_code: null,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    materials.push(row.id);
  }
  return { userId, supplierId: supplier.id, warehouseId: warehouse.id, materials };
}

type Data = Awaited<ReturnType<typeof masterData>>;

function receiveBody(d: Data, round: number, purchaseOrderId?: number) {
  return transactionSchemaFor("receive").parse({
    transactionDate: DATE,
    supplierId: d.supplierId,
    warehouseId: d.warehouseId,
    ...(purchaseOrderId ? { purchaseOrderId } : {}),
    items: d.materials.map((materialId) => ({
      materialId,
      // Each receive its own new batch, so neither of a round's two pays for making the batch alone.
      batch: `R${round}${purchaseOrderId ? "o" : "p"}`,
      unitCost: 2.5,
      rolls: [{ lengthYards: 40, ticketYards: 40 }],
    })),
  });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Receive from a 50-line order vs the same plain receive, alternating which goes first. */
async function receiveFromOrder(db: Db, d: Data, rounds: number) {
  const withOrder: number[] = [];
  const plain: number[] = [];
  const now = () => new Date();
  for (let r = 0; r < rounds + 2; r++) {
    const order = await createPurchaseOrder(
      db,
      {
        supplierId: d.supplierId,
        warehouseId: d.warehouseId,
        reference: null,
        lines: d.materials.map((materialId) => ({ materialId, yards: 40 })),
      },
      d.userId,
      now(),
    );
    const fromOrder = () =>
      postTransaction(db, {
        kind: "receive",
        input: receiveBody(d, r, order.id),
        userId: d.userId,
        now: now(),
      });
    const alone = () =>
      postTransaction(db, { kind: "receive", input: receiveBody(d, r), userId: d.userId, now: now() });
    const [a, b] = r % 2 === 0 ? [await timed(fromOrder), await timed(alone)] : [0, 0];
    const [c, e] = r % 2 === 1 ? [await timed(alone), await timed(fromOrder)] : [0, 0];
    if (r < 2) continue; // warm-up rounds
    withOrder.push(r % 2 === 0 ? a : e);
    plain.push(r % 2 === 0 ? b : c);
  }
  // Each round's two receives run back to back, so their ratio shares the machine's speed of that
  // moment; the median of the rounds' ratios does not move with load that drifts over the run, as a
  // ratio of the two medians (kept as medianRatio) does.
  const ratio = median(withOrder.map((w, i) => w / (plain[i] ?? w)));
  const medianRatio = median(withOrder) / median(plain);
  return { fromOrderMs: median(withOrder), plainMs: median(plain), ratio, medianRatio, rounds };
}

/** A 500-roll receipt, 100 rolls cut, then its costs corrected (every roll, plus a landed cost). */
async function costCorrection(db: Db, d: Data, runs: number) {
  const receipt = await postTransaction(db, {
    kind: "receive",
    input: transactionSchemaFor("receive").parse({
      transactionDate: DATE,
      supplierId: d.supplierId,
      warehouseId: d.warehouseId,
      items: d.materials.slice(0, 10).map((materialId) => ({
        materialId,
        batch: "COST",
        unitCost: 1,
        rolls: Array.from({ length: 50 }, (_, i) => ({ lengthYards: 20 + (i % 7) })),
      })),
    }),
    userId: d.userId,
    now: new Date(),
  });
  const id = receipt.body.header.id;
  const rolls = (
    await db.kysely
      .selectFrom("transaction_lines")
      .select(["roll_id", "material_id"])
      .where("transaction_id", "=", id)
      .orderBy("roll_id")
      .execute()
  ).map((r) => ({ rollId: r.roll_id as number, materialId: r.material_id }));
  const cut = rolls.filter((_, i) => i % 5 === 0);
  await postTransaction(db, {
    kind: "production-usage",
    input: transactionSchemaFor("production-usage").parse({
      transactionDate: DATE,
      warehouseId: d.warehouseId,
      items: cut.map((r) => ({ materialId: r.materialId, batch: "COST", yards: 5, rollId: r.rollId })),
    }),
    userId: d.userId,
    now: new Date(),
  });
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const input = CostCorrectionInputSchema.parse({
      items: rolls.map((r, i) => ({ rollId: r.rollId, unitCost: 1 + run + (i % 10) / 100 })),
      landedCost: { amount: 123.45, spreadBy: "value" },
    });
    times.push(
      await timed(() =>
        postCostCorrection(db, { transactionId: id, input, userId: d.userId, now: new Date() }),
      ),
    );
  }
  return { ms: median(times), runs: times, rolls: rolls.length, cutRolls: cut.length };
}

/** Both measures on `db` (the bench's engine). */
export async function benchPurchasing(db: Db, log: (line: string) => void, rounds = ROUNDS) {
  const d = await masterData(db);
  const receive = await receiveFromOrder(db, d, rounds);
  log(`  purchasing: receive from a 50-line order ${JSON.stringify(receive)}`);
  const correction = await costCorrection(db, d, 3);
  log(`  purchasing: cost correction of a 500-roll receipt ${JSON.stringify(correction)}`);
  return { receive, correction };
}

/** bench.ts's registration: both measures on a database of the engine, closed after. */
export async function benchPurchasingOn(db: Db, log: (line: string) => void) {
  try {
    return await benchPurchasing(db, log);
  } finally {
    await db.close();
  }
}

export const PURCHASING_MEASURES: MeasureDef[] = [
  {
    label: "receive from a 50-line PO / plain receive",
    unit: "x",
    scaling: "none",
    target: { op: "<=", value: 1.1 },
    pick: (r) => r.purchasing?.receive?.ratio,
  },
  {
    label: "cost correction, 500-roll receipt",
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 2000 },
    pick: (r) => r.purchasing?.correction?.ms,
  },
];

async function standalone() {
  const url = process.env.DATABASE_URL;
  const file = path.resolve(".tmp/bench/purchasing.sqlite");
  if (!url) {
    fs.rmSync(file, { force: true });
    fs.rmSync(`${file}-wal`, { force: true });
    fs.rmSync(`${file}-shm`, { force: true });
  }
  const db = url
    ? createDb({ dialect: "postgres", connectionString: url, poolSize: 4 })
    : createDb({ dialect: "sqlite", file });
  try {
    await migrateToLatest(db);
    const before = machineProbe().ms;
    const result = await benchPurchasing(db, console.log);
    const after = machineProbe().ms;
    const probe = (before + after) / 2;
    console.log(
      JSON.stringify(
        {
          engine: db.dialect,
          probeMs: { before, after },
          ratio: result.receive.ratio,
          medianRatio: result.receive.medianRatio,
          correctionMs: result.correction.ms,
          correctionMsNormalised: (result.correction.ms * 60) / probe,
        },
        null,
        2,
      ),
    );
    await sql`select 1`.execute(db.kysely);
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith("bench-purchasing.ts")) {
  standalone().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
