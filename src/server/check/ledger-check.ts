import { type Kysely, sql } from "kysely";
import { centiToYards } from "../../domain/yards";
import type { Database } from "../db/schema";
import { balanceSumsByWarehouse, movementsFromLedger } from "../modules/dashboard/aggregates";
import { lowMarkOfBalance, lowMarkOfTotal } from "../modules/thresholds/low-marks";
import { materialSumsOfBalances } from "../modules/transactions/posting/rebuild";

/** A balance row (material, batch, warehouse) that does not hold. */
export interface BalanceOffence {
  problem: "balance differs from its lines" | "negative balance" | "lines without a balance row";
  materialId: number;
  batch: string;
  warehouseId: number;
  /** Yards in the balances table; null when the row is missing. */
  balanceYards: number | null;
  /** Sum of the ledger lines of this key, in yards. */
  ledgerYards: number;
}

/** A warehouse whose warehouse_totals row (the dashboard's stock) is not the sum of its balances. */
export interface WarehouseTotalOffence {
  problem: "warehouse total differs from its balances";
  warehouseId: number;
  /** Yards in warehouse_totals; null when the row is missing. */
  totalYards: number | null;
  /** Sum of the warehouse's balances, in yards. */
  balancesYards: number;
}

/** A date whose daily_movements row (the dashboard's chart) is not what its ledger lines say. */
export interface DailyMovementOffence {
  problem: "daily movement differs from its lines";
  date: string;
  /** Yards in and out in daily_movements; null when the row is missing. */
  storedInYards: number | null;
  storedOutYards: number | null;
  /** Yards in and out of that date's lines, transfers left out. */
  ledgerInYards: number;
  ledgerOutYards: number;
}

/**
 * A (material, warehouse) whose material_totals row is not the sum of its balances, or that has a
 * row without balances or balances without a row (migration 007).
 */
export interface MaterialTotalOffence {
  problem: "material total differs from its balances";
  materialId: number;
  warehouseId: number;
  /** Yards in material_totals; null when the row is missing. */
  totalYards: number | null;
  /** Sum of its balances, in yards; null when it has none. */
  balancesYards: number | null;
}

/**
 * A low mark that is not its threshold (thresholds/low-marks.ts): a balance row's (batch set) against
 * its batch-level threshold, a material total's (batch null) against its type+color-level one.
 */
export interface LowMarkOffence {
  problem: "low-stock mark differs from its thresholds";
  materialId: number;
  batch: string | null;
  warehouseId: number;
  /** The stored low_at_centi, in yards. */
  storedMarkYards: number;
  /** The applicable active threshold in yards, 0 when none. */
  thresholdMarkYards: number;
}

export type LedgerOffence =
  | BalanceOffence
  | WarehouseTotalOffence
  | MaterialTotalOffence
  | DailyMovementOffence
  | LowMarkOffence;
export type LedgerProblem = LedgerOffence["problem"];

interface OffenceRow {
  what: string;
  material_id: number | null;
  batch: string | null;
  warehouse_id: number | null;
  movement_date: string | null;
  stored: number | null;
  ledger: number | null;
  stored_out: number | null;
  ledger_out: number | null;
}

/**
 * CONTRACT.md section 2: every balance equals the sum of its ledger lines, none is negative, and
 * every key with lines has a balance row. Also the dashboard's aggregates (migration 004): each
 * warehouse's total equals the sum of its balances, each date's movement equals its lines' in and
 * out (a missing row counts as 0); each material's total per warehouse equals the sum of its
 * balances (migration 007); and each low mark, batch and material, is its threshold. One statement, so it reads one consistent snapshot even while
 * postings run (a second statement could see a posting the first did not). NULLs are cast so that
 * PostgreSQL types the UNION's columns alike.
 */
// The rolls invariant (CONTRACT.md section 8: balance = sum of rolls, roll length = opening + its
// lines, status, lines naming rolls) is proven by checkRolls in ./rolls-check.ts; npm run check
// (scripts/check.ts) runs both.
export async function checkLedger(db: Kysely<Database>): Promise<LedgerOffence[]> {
  const nullInt = sql<number | null>`cast(null as integer)`;
  const nullBig = sql<number | null>`cast(null as bigint)`;
  const nullText = sql<string | null>`cast(null as text)`;
  const rows: OffenceRow[] = await db
    .with("sums", (qb) =>
      qb
        .selectFrom("transaction_lines")
        .select([
          "material_id",
          "batch",
          "warehouse_id",
          (eb) => eb.fn.sum<number>("yards_change_centi").as("total"),
        ])
        .groupBy(["material_id", "batch", "warehouse_id"]),
    )
    .with("warehouse_sums", (qc) => balanceSumsByWarehouse(qc))
    .with("ledger_movements", (qc) => movementsFromLedger(qc))
    .with("material_sums", (qc) => materialSumsOfBalances(qc))
    .selectFrom("balances as b")
    .leftJoin("sums as s", (join) =>
      join
        .onRef("s.material_id", "=", "b.material_id")
        .onRef("s.batch", "=", "b.batch")
        .onRef("s.warehouse_id", "=", "b.warehouse_id"),
    )
    .select([
      sql<string>`'key'`.as("what"),
      sql<number | null>`b.material_id`.as("material_id"),
      sql<string | null>`b.batch`.as("batch"),
      sql<number | null>`b.warehouse_id`.as("warehouse_id"),
      nullText.as("movement_date"),
      sql<number | null>`b.yards_centi`.as("stored"),
      sql<number>`coalesce(s.total, 0)`.as("ledger"),
      nullBig.as("stored_out"),
      nullBig.as("ledger_out"),
    ])
    .where((eb) =>
      eb.or([eb("b.yards_centi", "<", 0), eb("b.yards_centi", "<>", sql<number>`coalesce(s.total, 0)`)]),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("sums as s2")
        .select([
          sql<string>`'key'`.as("what"),
          sql<number | null>`s2.material_id`.as("material_id"),
          sql<string | null>`s2.batch`.as("batch"),
          sql<number | null>`s2.warehouse_id`.as("warehouse_id"),
          nullText.as("movement_date"),
          nullBig.as("stored"),
          sql<number>`s2.total`.as("ledger"),
          nullBig.as("stored_out"),
          nullBig.as("ledger_out"),
        ])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("balances as b2")
                .select(sql`1`.as("one"))
                .whereRef("b2.material_id", "=", "s2.material_id")
                .whereRef("b2.batch", "=", "s2.batch")
                .whereRef("b2.warehouse_id", "=", "s2.warehouse_id"),
            ),
          ),
        ),
    )
    // Every warehouse_totals and balances row names a warehouse (foreign keys), so walking the
    // warehouses finds both a missing total and a total without balances.
    .unionAll((eb) =>
      eb
        .selectFrom("warehouses as w")
        .leftJoin("warehouse_totals as wt", "wt.warehouse_id", "w.id")
        .leftJoin("warehouse_sums as ws", "ws.warehouse_id", "w.id")
        .select([
          sql<string>`'warehouse'`.as("what"),
          nullInt.as("material_id"),
          nullText.as("batch"),
          sql<number | null>`w.id`.as("warehouse_id"),
          nullText.as("movement_date"),
          sql<number | null>`wt.yards_centi`.as("stored"),
          sql<number>`coalesce(ws.yards_centi, 0)`.as("ledger"),
          nullBig.as("stored_out"),
          nullBig.as("ledger_out"),
        ])
        .where(sql<boolean>`coalesce(wt.yards_centi, 0) <> coalesce(ws.yards_centi, 0)`),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("daily_movements as dm")
        .leftJoin("ledger_movements as lm", "lm.movement_date", "dm.movement_date")
        .select([
          sql<string>`'date'`.as("what"),
          nullInt.as("material_id"),
          nullText.as("batch"),
          nullInt.as("warehouse_id"),
          sql<string | null>`dm.movement_date`.as("movement_date"),
          sql<number | null>`dm.in_centi`.as("stored"),
          sql<number>`coalesce(lm.in_centi, 0)`.as("ledger"),
          sql<number | null>`dm.out_centi`.as("stored_out"),
          sql<number | null>`coalesce(lm.out_centi, 0)`.as("ledger_out"),
        ])
        .where(
          sql<boolean>`dm.in_centi <> coalesce(lm.in_centi, 0) or dm.out_centi <> coalesce(lm.out_centi, 0)`,
        ),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("ledger_movements as lm2")
        .select([
          sql<string>`'date'`.as("what"),
          nullInt.as("material_id"),
          nullText.as("batch"),
          nullInt.as("warehouse_id"),
          sql<string | null>`lm2.movement_date`.as("movement_date"),
          nullBig.as("stored"),
          sql<number>`lm2.in_centi`.as("ledger"),
          nullBig.as("stored_out"),
          sql<number | null>`lm2.out_centi`.as("ledger_out"),
        ])
        .where(sql<boolean>`(lm2.in_centi <> 0 or lm2.out_centi <> 0)`)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("daily_movements as dm2")
                .select(sql`1`.as("one"))
                .whereRef("dm2.movement_date", "=", "lm2.movement_date"),
            ),
          ),
        ),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("balances as b3")
        .select([
          sql<string>`'mark'`.as("what"),
          sql<number | null>`b3.material_id`.as("material_id"),
          sql<string | null>`b3.batch`.as("batch"),
          sql<number | null>`b3.warehouse_id`.as("warehouse_id"),
          nullText.as("movement_date"),
          sql<number | null>`b3.low_at_centi`.as("stored"),
          lowMarkOfBalance("b3").as("ledger"),
          nullBig.as("stored_out"),
          nullBig.as("ledger_out"),
        ])
        .where(sql<boolean>`b3.low_at_centi <> ${lowMarkOfBalance("b3")}`),
    )
    // Both sides of material_totals against the balance sums: a wrong or missing total, and a
    // total whose (material, warehouse) has no balances (balancesYards null).
    .unionAll((eb) =>
      eb
        .selectFrom("material_sums as ms")
        .leftJoin("material_totals as mt", (j) =>
          j.onRef("mt.material_id", "=", "ms.material_id").onRef("mt.warehouse_id", "=", "ms.warehouse_id"),
        )
        .select([
          sql<string>`'material'`.as("what"),
          sql<number | null>`ms.material_id`.as("material_id"),
          nullText.as("batch"),
          sql<number | null>`ms.warehouse_id`.as("warehouse_id"),
          nullText.as("movement_date"),
          sql<number | null>`mt.yards_centi`.as("stored"),
          sql<number>`ms.yards_centi`.as("ledger"),
          nullBig.as("stored_out"),
          nullBig.as("ledger_out"),
        ])
        .where(sql<boolean>`(mt.yards_centi is null or mt.yards_centi <> ms.yards_centi)`),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("material_totals as mt2")
        .select([
          sql<string>`'material'`.as("what"),
          sql<number | null>`mt2.material_id`.as("material_id"),
          nullText.as("batch"),
          sql<number | null>`mt2.warehouse_id`.as("warehouse_id"),
          nullText.as("movement_date"),
          sql<number | null>`mt2.yards_centi`.as("stored"),
          sql<number>`cast(null as bigint)`.as("ledger"),
          nullBig.as("stored_out"),
          nullBig.as("ledger_out"),
        ])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("balances as b4")
                .select(sql`1`.as("one"))
                .whereRef("b4.material_id", "=", "mt2.material_id")
                .whereRef("b4.warehouse_id", "=", "mt2.warehouse_id"),
            ),
          ),
        ),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("material_totals as mt3")
        .select([
          sql<string>`'mark'`.as("what"),
          sql<number | null>`mt3.material_id`.as("material_id"),
          nullText.as("batch"),
          sql<number | null>`mt3.warehouse_id`.as("warehouse_id"),
          nullText.as("movement_date"),
          sql<number | null>`mt3.low_at_centi`.as("stored"),
          lowMarkOfTotal("mt3").as("ledger"),
          nullBig.as("stored_out"),
          nullBig.as("ledger_out"),
        ])
        .where(sql<boolean>`mt3.low_at_centi <> ${lowMarkOfTotal("mt3")}`),
    )
    .execute();
  return rows.map(toOffence);
}

const yardsOrNull = (centi: number | null) => (centi === null ? null : centiToYards(Number(centi)));

function toOffence(r: OffenceRow): LedgerOffence {
  const stored = r.stored === null ? null : Number(r.stored);
  const ledger = Number(r.ledger);
  if (r.what === "material") {
    return {
      problem: "material total differs from its balances",
      materialId: Number(r.material_id),
      warehouseId: Number(r.warehouse_id),
      totalYards: yardsOrNull(stored),
      balancesYards: yardsOrNull(r.ledger),
    };
  }
  if (r.what === "warehouse") {
    return {
      problem: "warehouse total differs from its balances",
      warehouseId: Number(r.warehouse_id),
      totalYards: yardsOrNull(stored),
      balancesYards: centiToYards(ledger),
    };
  }
  if (r.what === "mark") {
    return {
      problem: "low-stock mark differs from its thresholds",
      materialId: Number(r.material_id),
      batch: r.batch,
      warehouseId: Number(r.warehouse_id),
      storedMarkYards: centiToYards(Number(stored)),
      thresholdMarkYards: centiToYards(ledger),
    };
  }
  if (r.what === "date") {
    return {
      problem: "daily movement differs from its lines",
      date: r.movement_date as string,
      storedInYards: yardsOrNull(stored),
      storedOutYards: yardsOrNull(r.stored_out),
      ledgerInYards: centiToYards(ledger),
      ledgerOutYards: centiToYards(Number(r.ledger_out)),
    };
  }
  return {
    problem:
      stored === null
        ? "lines without a balance row"
        : stored < 0
          ? "negative balance"
          : "balance differs from its lines",
    materialId: Number(r.material_id),
    batch: r.batch as string,
    warehouseId: Number(r.warehouse_id),
    balanceYards: yardsOrNull(stored),
    ledgerYards: centiToYards(ledger),
  };
}

export async function countBalances(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("balances")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
