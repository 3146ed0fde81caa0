/**
 * npm run seed -- --scale small|large [--force]
 * Fills an empty database (DATABASE_URL or DATA_DIR, as the app) with a deterministic history.
 * Transactions are generated in date order against running balances (scripts/lib/seed-data.ts),
 * then inserted in bulk; the result is what posting them one by one would give (npm run check),
 * roll by roll: every line names the roll it changed, every roll carries its cost and value.
 */
import { parseArgs } from "node:util";
import { type Kysely, sql } from "kysely";
import { nameKey } from "../src/domain/common";
import { valueE4 } from "../src/domain/money";
import { rollStatusOf } from "../src/domain/roll";
import { localIsoDate } from "../src/domain/transaction";
import { KIND_INFO } from "../src/domain/transaction-kinds";
import type { Database } from "../src/server/db/schema";
import { hashPassword } from "../src/server/modules/auth/password";
import { fillDashboardAggregates } from "../src/server/modules/dashboard/aggregates";
import { refreshLowMarks } from "../src/server/modules/thresholds/low-marks";
import {
  fillBalanceValues,
  fillBatchTotals,
  fillMaterialTotals,
} from "../src/server/modules/transactions/posting/rebuild";
import { openDbFromEnv } from "./lib/open-db";
import { progressBar } from "./lib/progress";
import { generateSeed, REMNANT_BELOW_CENTI, SCALES } from "./lib/seed-data";

export const SEED_USERS = [
  { username: "admin", password: "admin password", role: "admin" },
  { username: "clerk", password: "clerk password", role: "clerk" },
  { username: "viewer", password: "viewer password", role: "viewer" },
] as const;

const { values } = parseArgs({
  options: { scale: { type: "string", default: "small" }, force: { type: "boolean", default: false } },
});
const scaleName = values.scale as keyof typeof SCALES;
if (!SCALES[scaleName]) {
  console.error(`--scale must be small or large, not "${values.scale}"`);
  process.exit(2);
}

const t0 = Date.now();
const db = await openDbFromEnv();
const k = db.kysely;
const existing = await k
  .selectFrom("transactions")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .executeTakeFirstOrThrow();
const users = await k
  .selectFrom("users")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .executeTakeFirstOrThrow();
if ((Number(existing.n) > 0 || Number(users.n) > 0) && !values.force) {
  console.error(
    "The database is not empty. Seed into a fresh DATA_DIR / database (or pass --force to add anyway is not supported: use a new one).",
  );
  await db.close();
  process.exit(1);
}

// The history runs up to the server's today (its local calendar, as the dashboard and aging count).
const started = new Date();
const today = localIsoDate(started);
console.error(`Generating the ${scaleName} history up to ${today}...`);
const data = generateSeed(SCALES[scaleName], today);
console.error(
  `${data.transactions.length.toLocaleString("en-US")} transactions, ${data.lineCount.toLocaleString("en-US")} ledger lines, ${data.balances.length.toLocaleString("en-US")} stock rows, ${data.rolls.length.toLocaleString("en-US")} rolls`,
);

const now = started.toISOString();
/** When a transaction was posted: its minute of its (local) day, never after the seed started. */
const createdAt = data.transactions.map((t) => {
  const [y, m, d] = t.date.split("-").map(Number) as [number, number, number];
  const at = new Date(y, m - 1, d, 0, t.minute);
  return (at > started ? started : at).toISOString();
});
const userId = { admin: 1, clerk: 2 } as const;
/** Bound parameters per INSERT: under SQLite's (32,766) and PostgreSQL's (65,535) limits. */
const MAX_PARAMETERS = 30_000;

async function insertChunked<T extends object>(
  trx: Kysely<Database>,
  table: keyof Database,
  rows: T[],
  label?: string,
) {
  const bar = label ? progressBar(label, rows.length) : null;
  const chunkSize = Math.min(2_000, Math.floor(MAX_PARAMETERS / Object.keys(rows[0] ?? { x: 0 }).length));
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize) as unknown as Parameters<
      ReturnType<typeof trx.insertInto>["values"]
    >[0];
    await trx.insertInto(table).values(chunk).execute();
    bar?.update(Math.min(rows.length, i + chunkSize));
  }
  bar?.done();
}

await k.transaction().execute(async (trx) => {
  const userRows = [];
  for (const [i, u] of SEED_USERS.entries()) {
    userRows.push({
      id: i + 1,
      username: u.username,
      username_key: nameKey(u.username),
      password_hash: await hashPassword(u.password),
      role: u.role,
      is_active: 1,
      created_at: now,
    });
  }
  await insertChunked(trx, "users", userRows);
  await trx.insertInto("schema_meta").values({ key: "setup_done", value: now }).execute();
  await insertChunked(
    trx,
    "warehouses",
    data.warehouses.map((w, i) => ({
      id: i + 1,
      name: w.name,
      name_key: nameKey(w.name),
      location: w.location,
      created_at: now,
    })),
  );
  await insertChunked(
    trx,
    "suppliers",
    data.suppliers.map((s, i) => ({
      id: i + 1,
      name: s.name,
      name_key: nameKey(s.name),
      contact_info: s.contactInfo,
      created_at: now,
    })),
  );
  await insertChunked(
    trx,
    "materials",
    data.materials.map((m, i) => ({
      id: i + 1,
      type_name: m.typeName,
      type_key: nameKey(m.typeName),
      color_name: m.colorName,
      color_key: nameKey(m.colorName),
      color_code: m.colorCode,
      remnant_below_centi: REMNANT_BELOW_CENTI,
      created_at: now,
    })),
  );
  await insertChunked(
    trx,
    "thresholds",
    data.thresholds.map((t, i) => ({
      id: i + 1,
      material_id: t.materialIndex + 1,
      batch: t.batch,
      threshold_yards: t.yards,
      is_active: 1,
      created_at: now,
    })),
  );
  await insertChunked(
    trx,
    "transactions",
    data.transactions.map((t, i) => ({
      id: i + 1,
      transaction_number: t.number,
      transaction_type: KIND_INFO[t.kind].type,
      transaction_date: t.date,
      supplier_id: t.supplierIndex === null ? null : t.supplierIndex + 1,
      warehouse_id: t.warehouseIndex === null ? null : t.warehouseIndex + 1,
      source_warehouse_id: t.sourceIndex === null ? null : t.sourceIndex + 1,
      destination_warehouse_id: t.destinationIndex === null ? null : t.destinationIndex + 1,
      reference_document: t.reference,
      reason_code: t.reasonCode,
      notes: t.notes,
      created_by: userId[t.createdBy],
      created_at: createdAt[i] as string,
      items_count: t.itemsCount,
    })),
    "transactions",
  );
  // Every roll the history made, as it stands today (ids = index + 1, in the order the postings
  // made them); inserted before the lines that name them.
  await insertChunked(
    trx,
    "rolls",
    data.rolls.map((r, i) => ({
      id: i + 1,
      material_id: r.materialIndex + 1,
      batch: r.batch,
      warehouse_id: r.warehouseIndex + 1,
      length_centi: r.lengthCenti,
      opening_centi: 0,
      received_centi: r.receivedCenti,
      ticket_centi: r.ticketCenti,
      width_centi: r.widthCenti,
      bin: r.bin,
      parent_roll_id: r.parentIndex === null ? null : r.parentIndex + 1,
      supplier_id: r.supplierIndex === null ? null : r.supplierIndex + 1,
      status: rollStatusOf(r.lengthCenti, REMNANT_BELOW_CENTI),
      first_received: r.firstReceived,
      last_moved_at: createdAt[r.lastTransactionIndex] as string,
      created_at: createdAt[r.createdTransactionIndex] as string,
      unit_cost_e4: r.unitCostE4,
      value_e4: valueE4(r.lengthCenti, r.unitCostE4),
    })),
    "rolls",
  );
  let lineId = 0;
  const lines = data.transactions.flatMap((t, i) =>
    t.lines.map((l) => ({
      id: ++lineId,
      transaction_id: i + 1,
      material_id: l.materialIndex + 1,
      batch: l.batch,
      warehouse_id: l.warehouseIndex + 1,
      yards_change_centi: l.centi,
      previous_centi: l.previousCenti,
      counted_centi: l.countedCenti,
      roll_id: l.rollIndex + 1,
      value_change_e4: l.valueChangeE4,
    })),
  );
  await insertChunked(trx, "transaction_lines", lines, "ledger lines");
  await insertChunked(
    trx,
    "balances",
    data.balances.map((b) => ({
      material_id: b.materialIndex + 1,
      batch: b.batch,
      warehouse_id: b.warehouseIndex + 1,
      yards_centi: b.centi,
      first_received: b.firstReceived,
      last_updated: createdAt[b.lastTransactionIndex] as string,
      low_at_centi: 0,
    })),
    "balances",
  );
  // Each material's total per warehouse and each batch's over them, each stock row's and total's
  // low mark from the thresholds just inserted (the posting and the threshold changes keep them
  // afterwards), the dashboard's aggregates, and each stock row's value from its rolls (before the
  // batch totals, which sum the stock rows' values).
  await fillMaterialTotals(trx);
  await fillBalanceValues(trx);
  await fillBatchTotals(trx);
  await refreshLowMarks(trx);
  await fillDashboardAggregates(trx);
  // Every line of the history names its roll: the rule of CONTRACT.md section 8 holds from the
  // first line (rolls-check.ts: lines after rolls_from_line_id must name a roll).
  await trx
    .insertInto("schema_meta")
    .values({ key: "rolls_from_line_id", value: "0" })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: "0" }))
    .execute();
  await insertChunked(
    trx,
    "number_sequences",
    data.sequences.map((s) => ({ prefix: s.prefix, year: s.year, last_value: s.last })),
  );
  if (db.dialect === "postgres") {
    // Explicit ids do not advance identity sequences on PostgreSQL.
    for (const table of [
      "users",
      "warehouses",
      "suppliers",
      "materials",
      "thresholds",
      "transactions",
      "rolls",
      "transaction_lines",
    ]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 1) from ${sql.table(table)}))`.execute(
        trx,
      );
    }
  }
});
// Fresh statistics: PostgreSQL plans foreign-key checks on "empty" tables badly until ANALYZE.
await sql`analyze`.execute(k);
await db.close();
console.error(
  `Seeded ${scaleName} in ${((Date.now() - t0) / 1000).toFixed(1)} s. Users: ${SEED_USERS.map((u) => `${u.username} / "${u.password}"`).join(", ")}`,
);
