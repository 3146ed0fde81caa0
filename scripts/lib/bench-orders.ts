/**
 * The bench's orders measures (issue 38 part 6, CONTRACT.md section 15), in-process on the bench's
 * database at the large seed:
 * - the proposal for a 10-line order (the 10 materials with the most yards in the busiest warehouse,
 *   one lot each): p50/p95 of `gets` proposals; target p95 <= 100 ms;
 * - postings with `orderId` against the same postings without (one item of 0.05 yd from one key
 *   that an order half reserves), in alternating rounds so that both see the same machine: the rate
 *   with the order as a percentage of the rate without; target >= 70%;
 * - Find Fabric with 5,000 open reservations against none (issue 38's "p95 unchanged within 10%"):
 *   see findWithReservations.
 * Alone: `npx tsx scripts/lib/bench-orders.ts <copy of a seeded SQLite file> [find rounds] [per round]`
 * migrates the copy and prints the figures with the machine probe.
 */
import { sql } from "kysely";
import { transactionSchemaFor } from "../../src/domain/transaction";
import { createDb, type Db } from "../../src/server/db/database";
import { migrateToLatest } from "../../src/server/db/migrations/index";
import { cancelOrder, createOrder } from "../../src/server/modules/orders/orders.service";
import { proposalFor, reserveOrder } from "../../src/server/modules/orders/reserve";
import { findFabric } from "../../src/server/modules/rolls/find";
import { postTransaction } from "../../src/server/modules/transactions/posting.service";
import type { MeasureDef } from "./bench-verdict";
import { machineProbe, summarize } from "./stats";

export const ORDERS_MEASURES: MeasureDef[] = [
  {
    label: "order proposal, 10 lines p95",
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 100 },
    pick: (r) => r.orders?.proposal?.p95,
  },
  {
    label: "postings with orderId, % of the same without",
    unit: "%",
    scaling: "none",
    target: { op: ">=", value: 70 },
    pick: (r) => r.orders?.withOrderPercent,
  },
  {
    label: "Find Fabric p95 with 5,000 open reservations / without",
    unit: "x",
    scaling: "none",
    target: { op: "<=", value: 1.1 },
    pick: (r) => r.orders?.findWithReservations?.ratio,
  },
];

export async function benchOrders(
  target: { open(): Db },
  options: { gets: number; rounds: number; perRound: number; findRounds: number; findPerRound: number },
) {
  const db = target.open();
  try {
    const now = new Date();
    const user = await db.kysely.selectFrom("users").select("id").orderBy("id").executeTakeFirstOrThrow();
    const busiest = await db.kysely
      .selectFrom("rolls")
      .select(["warehouse_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where(sql<boolean>`status <> 'Used Up'`)
      .groupBy("warehouse_id")
      .orderBy("n", "desc")
      .executeTakeFirstOrThrow();
    const warehouseId = busiest.warehouse_id;
    // Per material, its biggest lot in the warehouse: a one-lot line of a third of it is coverable.
    const lots = await db.kysely
      .selectFrom("rolls")
      .select(["material_id", "batch", (eb) => eb.fn.sum<number>("length_centi").as("centi")])
      .where("warehouse_id", "=", warehouseId)
      .where(sql<boolean>`status <> 'Used Up'`)
      .groupBy(["material_id", "batch"])
      .orderBy("centi", "desc")
      .execute();
    const biggest = new Map<number, { batch: string; centi: number }>();
    for (const l of lots)
      if (!biggest.has(l.material_id)) biggest.set(l.material_id, { batch: l.batch, centi: Number(l.centi) });
    const ten = [...biggest].slice(0, 10);
    const order = await createOrder(
      db,
      {
        reference: "Bench 10 lines",
        customer: null,
        dueDate: null,
        warehouseId,
        lines: ten.map(([materialId, lot]) => ({
          materialId,
          yards: Math.max(1, Math.floor(lot.centi / 300)),
          oneLot: true,
          onePiece: false,
        })),
      },
      user.id,
      now,
    );
    for (let i = 0; i < 5; i++) await proposalFor(db.kysely, order.id);
    const times: number[] = [];
    let shortLines = 0;
    for (let i = 0; i < options.gets; i++) {
      const t0 = performance.now();
      const p = await proposalFor(db.kysely, order.id);
      times.push(performance.now() - t0);
      shortLines = p.lines.filter((l) => l.shortfallYards > 0).length;
    }
    const proposal = { ...summarize(times), lines: order.lines.length, shortLines };

    // One key, half of it reserved by an order: the usages with the order take its yards first.
    const [materialId, lot] = ten[0] as [number, { batch: string; centi: number }];
    const fulfil = await createOrder(
      db,
      {
        reference: "Bench postings",
        customer: null,
        dueDate: null,
        warehouseId,
        lines: [{ materialId, yards: Math.floor(lot.centi / 200), oneLot: true, onePiece: false }],
      },
      user.id,
      now,
    );
    await reserveOrder(db, fulfil.id, null, now);
    const schema = transactionSchemaFor("production-usage");
    const body = (withOrder: boolean) =>
      schema.parse({
        transactionDate: now.toISOString().slice(0, 10),
        warehouseId,
        ...(withOrder ? { orderId: fulfil.id } : {}),
        items: [{ materialId, batch: lot.batch, yards: 0.05 }],
      });
    const run = async (withOrder: boolean) => {
      const t0 = performance.now();
      for (let i = 0; i < options.perRound; i++) {
        const r = await postTransaction(db, {
          kind: "production-usage",
          input: body(withOrder),
          userId: user.id,
          now: new Date(),
        });
        if (r.status !== 201) throw new Error(`posting answered ${r.status}`);
      }
      return performance.now() - t0;
    };
    let withMs = 0;
    let withoutMs = 0;
    for (let round = 0; round < options.rounds; round++) {
      // Alternate which goes first, so that neither always follows the other's cache warm-up.
      if (round % 2 === 0) {
        withMs += await run(true);
        withoutMs += await run(false);
      } else {
        withoutMs += await run(false);
        withMs += await run(true);
      }
    }
    const n = options.rounds * options.perRound;
    const withPerSecond = (n * 1000) / withMs;
    const withoutPerSecond = (n * 1000) / withoutMs;
    const find = await findWithReservations(db, {
      warehouseId,
      userId: user.id,
      rounds: options.findRounds,
      perRound: options.findPerRound,
    });
    return {
      proposal,
      postings: { n, withPerSecond, withoutPerSecond },
      withOrderPercent: (withPerSecond / withoutPerSecond) * 100,
      findWithReservations: find,
    };
  } finally {
    await db.close();
  }
}

/** 5,000 reservations: 50 orders of 100 one-roll lines, as a clerk's would be (orders.service, reserve.ts). */
const RESERVING_ORDERS = 50;
const LINES_PER_ORDER = 100;

/**
 * Find Fabric on the same seed with 5,000 open reservations and with none, in alternating rounds
 * (the state flips between rounds: 50 orders created and reserved, then cancelled), so that both
 * states see the same machine. Each round asks every search `perRound` times: the 20 materials with
 * the most rolls in the busiest warehouse, 30 yd, in that warehouse and in all. The reservations
 * hold yards of exactly those materials, so Find Fabric reads rolls they touch. The database ends
 * as it began (every order cancelled): the measures after this one see no reservation.
 */
async function findWithReservations(
  db: Db,
  options: { warehouseId: number; userId: number; rounds: number; perRound: number },
) {
  const materials = await db.kysely
    .selectFrom("rolls")
    .select(["material_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("warehouse_id", "=", options.warehouseId)
    .where(sql<boolean>`status <> 'Used Up'`)
    .groupBy("material_id")
    .orderBy("n", "desc")
    .limit(20)
    .execute();
  const searches = materials.flatMap((m) => [
    { materialId: m.material_id, neededCenti: 3000, warehouseId: options.warehouseId },
    { materialId: m.material_id, neededCenti: 3000 },
  ]);
  let open: number[] = [];
  let reservations = 0;
  let fills = 0;
  const reserveAll = async () => {
    fills++;
    const now = new Date();
    for (let o = 0; o < RESERVING_ORDERS; o++) {
      const order = await createOrder(
        db,
        {
          reference: `Bench find ${o}`,
          customer: null,
          dueDate: null,
          warehouseId: options.warehouseId,
          lines: Array.from({ length: LINES_PER_ORDER }, (_, i) => ({
            materialId: (materials[(o * LINES_PER_ORDER + i) % materials.length] as { material_id: number })
              .material_id,
            // Small takes (0.10 to 0.50 yd): 250 lines per material stay well within its free yards.
            yards: (1 + (i % 5)) / 10,
            oneLot: false,
            onePiece: false,
          })),
        },
        options.userId,
        now,
      );
      const reserved = await reserveOrder(db, order.id, null, now);
      reservations += reserved.reservations.length;
      open.push(order.id);
    }
  };
  const cancelAll = async () => {
    for (const id of open) await cancelOrder(db, id, options.userId, new Date());
    open = [];
  };
  const samples: { with: number[]; without: number[] } = { with: [], without: [] };
  const measure = async (into: number[]) => {
    for (let i = 0; i < options.perRound; i++)
      for (const s of searches) {
        const t0 = performance.now();
        await findFabric(db.kysely, s);
        into.push(performance.now() - t0);
      }
  };
  // What the searches answer (warm-up too): real answers, not empty ones.
  let answers = 0;
  for (const s of searches) {
    const a = await findFabric(db.kysely, s);
    answers += a.singleRolls.length + a.singleLots.length;
  }
  let setupMs = 0;
  for (let round = 0; round < options.rounds; round++) {
    // Rounds 0, 3, 4, 7, ... without; 1, 2, 5, 6, ... with: each state goes first as often.
    const withReservations = round % 4 === 1 || round % 4 === 2;
    const t0 = performance.now();
    if (withReservations && open.length === 0) await reserveAll();
    if (!withReservations && open.length > 0) await cancelAll();
    setupMs += performance.now() - t0;
    await measure(withReservations ? samples.with : samples.without);
  }
  await cancelAll();
  const withRes = summarize(samples.with);
  const without = summarize(samples.without);
  return {
    openReservations: reservations / Math.max(1, fills),
    searches: searches.length,
    answersPerPass: answers,
    with: withRes,
    without,
    ratio: withRes.p95 / without.p95,
    // For the record: the median call, which a loaded machine's stalls move far less than the p95.
    p50Ratio: withRes.p50 / without.p50,
    setupSeconds: setupMs / 1000,
  };
}

if (process.argv[1]?.endsWith("bench-orders.ts")) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: npx tsx scripts/lib/bench-orders.ts <copy of a seeded SQLite file>");
  const open = () => createDb({ dialect: "sqlite", file });
  const migrating = open();
  await migrateToLatest(migrating);
  await migrating.close();
  const before = machineProbe().ms;
  const result = await benchOrders(
    { open },
    {
      gets: 200,
      rounds: 10,
      perRound: 50,
      findRounds: Number(process.argv[3] ?? 8),
      findPerRound: Number(process.argv[4] ?? 5),
    },
  );
  const after = machineProbe().ms;
  console.log(JSON.stringify({ probeMs: { before, after }, ...result }, null, 2));
}
