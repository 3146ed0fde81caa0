import { type Kysely, sql } from "kysely";
import { e4ToMoney } from "../../domain/money";
import { centiToYards } from "../../domain/yards";
import type { Database } from "../db/schema";
import { batchSumsOfBalances } from "../modules/transactions/posting/rebuild";

/** A (material, batch) whose batch_totals row is not what its balances say, or is missing or extra. */
export interface BatchTotalOffence {
  problem: "batch total differs from its balances";
  materialId: number;
  batch: string;
  /** Yards, value and earliest receipt in batch_totals; null yards and value when the row is missing. */
  totalYards: number | null;
  totalValue: number | null;
  totalFirstReceived: string | null;
  /** Sums and earliest first_received of its balances; null yards and value when it has none. */
  balancesYards: number | null;
  balancesValue: number | null;
  balancesFirstReceived: string | null;
}

/** Every batch_totals row against its balances, both ways (`npm run check`). */
export async function checkBatchTotals(db: Kysely<Database>): Promise<BatchTotalOffence[]> {
  const rows = await db
    .with("sums", (qc) => batchSumsOfBalances(qc))
    .selectFrom("batch_totals as t")
    .leftJoin("sums as s", (join) =>
      join.onRef("s.material_id", "=", "t.material_id").onRef("s.batch", "=", "t.batch"),
    )
    .select([
      "t.material_id",
      "t.batch",
      sql<number | null>`t.yards_centi`.as("total"),
      sql<number | null>`t.value_e4`.as("total_value"),
      sql<string | null>`t.first_received`.as("total_first"),
      sql<number | null>`s.yards_centi`.as("sum"),
      sql<number | null>`s.value_e4`.as("sum_value"),
      sql<string | null>`s.first_received`.as("sum_first"),
    ])
    .where((eb) =>
      eb.or([
        eb("s.material_id", "is", null),
        eb("t.yards_centi", "<>", eb.ref("s.yards_centi")),
        eb("t.value_e4", "<>", eb.ref("s.value_e4")),
        sql<boolean>`coalesce(t.first_received, '') <> coalesce(s.first_received, '')`,
      ]),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("sums as s2")
        .select([
          "s2.material_id",
          "s2.batch",
          sql<number | null>`cast(null as bigint)`.as("total"),
          sql<number | null>`cast(null as bigint)`.as("total_value"),
          sql<string | null>`cast(null as text)`.as("total_first"),
          sql<number | null>`s2.yards_centi`.as("sum"),
          sql<number | null>`s2.value_e4`.as("sum_value"),
          sql<string | null>`s2.first_received`.as("sum_first"),
        ])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("batch_totals as t2")
                .select(sql`1`.as("one"))
                .whereRef("t2.material_id", "=", "s2.material_id")
                .whereRef("t2.batch", "=", "s2.batch"),
            ),
          ),
        ),
    )
    .orderBy("material_id")
    .orderBy("batch")
    .execute();
  const yards = (centi: number | string | null) => (centi === null ? null : centiToYards(Number(centi)));
  const money = (e4: number | string | null) => (e4 === null ? null : e4ToMoney(Number(e4)));
  return rows.map((r) => ({
    problem: "batch total differs from its balances",
    materialId: r.material_id,
    batch: r.batch,
    totalYards: yards(r.total),
    totalValue: money(r.total_value),
    totalFirstReceived: r.total_first,
    balancesYards: yards(r.sum),
    balancesValue: money(r.sum_value),
    balancesFirstReceived: r.sum_first,
  }));
}
