import { type Kysely, sql } from "kysely";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";

export type LedgerProblem =
  | "balance differs from its lines"
  | "negative balance"
  | "lines without a balance row";

export interface LedgerOffence {
  materialId: number;
  batch: string;
  warehouseId: number;
  /** Yards in the balances table; null when the row is missing. */
  balanceYards: number | null;
  /** Sum of the ledger lines of this key, in yards. */
  ledgerYards: number;
  problem: LedgerProblem;
}

/**
 * CONTRACT.md section 2: every balance equals the sum of its ledger lines, none is negative, and
 * every key with lines has a balance row. One statement, so it reads one consistent snapshot even
 * while postings run (a second statement could see a posting the first did not).
 */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerOffence[]> {
  const rows = await db
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
    .selectFrom("balances as b")
    .leftJoin("sums as s", (join) =>
      join
        .onRef("s.material_id", "=", "b.material_id")
        .onRef("s.batch", "=", "b.batch")
        .onRef("s.warehouse_id", "=", "b.warehouse_id"),
    )
    .select([
      "b.material_id",
      "b.batch",
      "b.warehouse_id",
      sql<number | null>`b.yards_centi`.as("balance"),
      sql<number>`coalesce(s.total, 0)`.as("ledger"),
    ])
    .where((eb) =>
      eb.or([eb("b.yards_centi", "<", 0), eb("b.yards_centi", "<>", sql<number>`coalesce(s.total, 0)`)]),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("sums as s2")
        .select([
          "s2.material_id",
          "s2.batch",
          "s2.warehouse_id",
          sql<number | null>`null`.as("balance"),
          sql<number>`s2.total`.as("ledger"),
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
    .execute();
  return rows.map((r) => {
    const balance = r.balance === null ? null : Number(r.balance);
    const ledger = Number(r.ledger);
    const problem: LedgerProblem =
      balance === null
        ? "lines without a balance row"
        : balance < 0
          ? "negative balance"
          : "balance differs from its lines";
    return {
      materialId: r.material_id,
      batch: r.batch,
      warehouseId: r.warehouse_id,
      balanceYards: balance === null ? null : centiToYards(balance),
      ledgerYards: centiToYards(ledger),
      problem,
    };
  });
}

export async function countBalances(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("balances")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
