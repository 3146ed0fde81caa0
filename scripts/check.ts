/**
 * `npm run check`: proves the ledger (CONTRACT.md section 2). Every balance must equal the sum of
 * its transaction lines, none may be negative, and every key with lines must have a balance row;
 * the dashboard's warehouse totals and daily movements must agree with the balances and the lines,
 * each material's total per warehouse and each batch's total over the warehouses (the aging
 * report's, with its earliest receipt) with its balances (decision 006), and every low-stock mark
 * (batch and material) with its thresholds. Rolls (CONTRACT.md section 8): every balance equals the sum
 * of its rolls, every roll its opening plus its lines and never below 0, each roll's status its
 * length's, and every line since rolls began names a roll of its material and batch. Stock value
 * (CONTRACT.md section 11): every roll's value is its length's at its cost and its opening value plus
 * its lines' value changes, and no line without a roll carries value.
 * Opens the database the way the server does (DATABASE_URL, else DATA_DIR's SQLite file). Exits 1
 * and lists the offending rows when the ledger does not hold. Read-only: runs beside a live server.
 */
import fs from "node:fs";
import { formatRollCode } from "../src/domain/roll";
import { type ArchivedStockOffence, checkArchivedStock } from "../src/server/check/archive-check";
import { type BatchTotalOffence, checkBatchTotals } from "../src/server/check/batch-totals-check";
import { checkCounts } from "../src/server/check/counts-check";
import { checkLedger, countBalances } from "../src/server/check/ledger-check";
import { checkOnOrder } from "../src/server/check/on-order-check";
import { checkPurchaseReceipts } from "../src/server/check/po-receipts-check";
import { checkReservations } from "../src/server/check/reservations-check";
import { checkRolls, type RollOffence } from "../src/server/check/rolls-check";
import { checkSnapshotBatches, type SnapshotBatchOffence } from "../src/server/check/snapshot-batches-check";
import { createDb } from "../src/server/db/database";
import { loadEnv } from "../src/server/env";

/** The rolls part (CONTRACT.md section 8): one table, each offender with its roll or line. */
function printRollOffences(offences: readonly RollOffence[]): void {
  console.log(
    "Rolls (balance = sum of rolls, length = opening + lines, status, lines naming rolls, value = length at cost = opening + lines):",
  );
  console.table(
    offences.map((o) => ({
      roll: o.rollId === null ? "" : formatRollCode(o.rollId),
      line: o.lineId ?? "",
      material: o.materialId,
      batch: o.batch,
      warehouse: o.warehouseId,
      stored: o.stored ?? "(missing)",
      expected: o.expected ?? "",
      problem: o.problem,
    })),
  );
}

/** The batch totals (migration 018): each offender with what is stored and what its balances say. */
function printBatchOffences(offences: readonly BatchTotalOffence[]): void {
  console.log("Batch totals over the warehouses (aging, stock value):");
  console.table(
    offences.map((o) => ({
      material: o.materialId,
      batch: o.batch,
      total: o.totalYards ?? "(missing)",
      totalValue: o.totalValue ?? "",
      firstReceived: o.totalFirstReceived ?? "",
      balancesSum: o.balancesYards ?? "(no balances)",
      balancesValue: o.balancesValue ?? "",
      balancesFirstReceived: o.balancesFirstReceived ?? "",
      problem: o.problem,
    })),
  );
}

function printSnapshotOffences(offences: readonly SnapshotBatchOffence[]): void {
  console.log("Month-end snapshots per batch (stock value as of a date):");
  console.table(
    offences.map((o) => ({
      monthEnd: o.asOf,
      material: o.materialId,
      batch: o.batch,
      yards: o.rowYards ?? "(missing)",
      value: o.rowValue ?? "",
      snapshotYards: o.snapshotYards ?? "(no snapshot rows)",
      snapshotValue: o.snapshotValue ?? "",
      problem: o.problem,
    })),
  );
}

/** Archived warehouses and materials that still hold stock (a posting raced an archive). */
function printArchivedOffences(offences: readonly ArchivedStockOffence[]): void {
  console.log("Archived warehouses and materials with stock (restore them, move or issue the stock):");
  console.table(
    offences.map((o) => ({ kind: o.kind, id: o.id, name: o.name, yards: o.yards, problem: o.problem })),
  );
}

async function main(): Promise<number> {
  const env = loadEnv();
  if (!env.DATABASE_URL && !fs.existsSync(env.sqliteFile)) {
    console.error(`No database at ${env.sqliteFile} (set DATA_DIR or DATABASE_URL).`);
    return 1;
  }
  const db = env.DATABASE_URL
    ? createDb({ dialect: "postgres", connectionString: env.DATABASE_URL, poolSize: 1 })
    : createDb({ dialect: "sqlite", file: env.sqliteFile });
  try {
    const offences = await checkLedger(db.kysely);
    const rollOffences = await checkRolls(db.kysely);
    const batchOffences = await checkBatchTotals(db.kysely);
    const snapshotOffences = await checkSnapshotBatches(db.kysely);
    const onOrderOffences = [...(await checkOnOrder(db.kysely)), ...(await checkPurchaseReceipts(db.kysely))];
    const archivedOffences = await checkArchivedStock(db.kysely);
    const countOffences = await checkCounts(db.kysely);
    const reservationOffences = await checkReservations(db.kysely);
    const balances = await countBalances(db.kysely);
    const problems =
      offences.length +
      rollOffences.length +
      batchOffences.length +
      snapshotOffences.length +
      onOrderOffences.length +
      archivedOffences.length +
      countOffences.length +
      reservationOffences.length;
    if (problems === 0) {
      console.log(
        `Ledger OK: ${balances} balances match their ledger lines and their rolls; every roll matches its lines, status and value; warehouse, material and batch totals, daily movements, low-stock marks, month-end batch rows and yards on order and received yards agree; no archived warehouse or material holds stock; posted counts agree with their opnames and transfers; reservations fit their rolls and fulfilments match the usages`,
      );
      return 0;
    }
    console.error(`Ledger NOT OK: ${problems} problem(s) among ${balances} balances`);
    if (rollOffences.length > 0) printRollOffences(rollOffences);
    if (batchOffences.length > 0) printBatchOffences(batchOffences);
    if (snapshotOffences.length > 0) printSnapshotOffences(snapshotOffences);
    if (onOrderOffences.length > 0) {
      console.log("Purchase orders (on order = ordered - received; received = the receipts' lines; status):");
      console.table(onOrderOffences);
    }
    if (archivedOffences.length > 0) printArchivedOffences(archivedOffences);
    if (countOffences.length > 0) {
      console.log(
        "Posted counts (CONTRACT.md section 14: opname lines = entries, transfers = rolls found elsewhere):",
      );
      console.table(countOffences);
    }
    if (reservationOffences.length > 0) {
      console.log("Reservations and order fulfilments:");
      console.table(reservationOffences);
    }
    // One table per kind of offence, each with its own columns.
    const keys = offences.filter((o) => "ledgerYards" in o);
    const marks = offences.filter((o) => o.problem === "low-stock mark differs from its thresholds");
    const totals = offences.filter((o) => o.problem === "warehouse total differs from its balances");
    const materialTotals = offences.filter((o) => o.problem === "material total differs from its balances");
    const days = offences.filter((o) => o.problem === "daily movement differs from its lines");
    if (keys.length > 0) {
      console.log("Balances:");
      console.table(
        keys.map((o) => ({
          material: o.materialId,
          batch: o.batch,
          warehouse: o.warehouseId,
          balance: o.balanceYards ?? "(missing)",
          ledgerSum: o.ledgerYards,
          problem: o.problem,
        })),
      );
    }
    if (marks.length > 0) {
      console.log("Low-stock marks (balances.low_at_centi; material_totals.low_at_centi for all batches):");
      console.table(
        marks.map((o) => ({
          material: o.materialId,
          batch: o.batch ?? "(all batches)",
          warehouse: o.warehouseId,
          mark: o.storedMarkYards,
          threshold: o.thresholdMarkYards,
          problem: o.problem,
        })),
      );
    }
    if (totals.length > 0) {
      console.log("Warehouse totals (dashboard):");
      console.table(
        totals.map((o) => ({
          warehouse: o.warehouseId,
          total: o.totalYards ?? "(missing)",
          balancesSum: o.balancesYards,
          problem: o.problem,
        })),
      );
    }
    if (materialTotals.length > 0) {
      console.log("Material totals per warehouse (low stock):");
      console.table(
        materialTotals.map((o) => ({
          material: o.materialId,
          warehouse: o.warehouseId,
          total: o.totalYards ?? "(missing)",
          balancesSum: o.balancesYards ?? "(no balances)",
          problem: o.problem,
        })),
      );
    }
    if (days.length > 0) {
      console.log("Daily movements (dashboard):");
      console.table(
        days.map((o) => ({
          date: o.date,
          in: o.storedInYards ?? "(missing)",
          ledgerIn: o.ledgerInYards,
          out: o.storedOutYards ?? "(missing)",
          ledgerOut: o.ledgerOutYards,
          problem: o.problem,
        })),
      );
    }
    return 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Check failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
