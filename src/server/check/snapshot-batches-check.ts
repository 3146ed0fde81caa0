import { type Kysely, sql } from "kysely";
import { e4ToMoney } from "../../domain/money";
import { centiToYards } from "../../domain/yards";
import type { Database } from "../db/schema";

/** A month-end's per-batch row that is not its snapshot rows summed, or is missing or extra. */
export interface SnapshotBatchOffence {
  problem: "month-end batch row differs from its snapshot rows";
  asOf: string;
  materialId: number;
  batch: string;
  /** Yards and value of the per-batch row; null when it is missing. */
  rowYards: number | null;
  rowValue: number | null;
  /** The snapshot's rows of the batch summed; null when it has none. */
  snapshotYards: number | null;
  snapshotValue: number | null;
}

/** Every stock_snapshot_batches row against the snapshot rows it sums, both ways (`npm run check`). */
export async function checkSnapshotBatches(db: Kysely<Database>): Promise<SnapshotBatchOffence[]> {
  const { rows } = await sql<{
    as_of: string;
    material_id: number;
    batch: string;
    row_yards: number | string | null;
    row_value: number | string | null;
    sum_yards: number | string | null;
    sum_value: number | string | null;
  }>`with s as (select as_of, material_id, batch, sum(yards_centi) as yards, sum(value_e4) as value
        from stock_snapshots group by as_of, material_id, batch)
    select b.as_of, b.material_id, b.batch, b.yards_centi as row_yards, b.value_e4 as row_value,
        s.yards as sum_yards, s.value as sum_value
      from stock_snapshot_batches b left join s
        on s.as_of = b.as_of and s.material_id = b.material_id and s.batch = b.batch
      where s.as_of is null or s.yards <> b.yards_centi or s.value <> b.value_e4
    union all
    select s.as_of, s.material_id, s.batch, null, null, s.yards, s.value from s
      where not exists (select 1 from stock_snapshot_batches b2
        where b2.as_of = s.as_of and b2.material_id = s.material_id and b2.batch = s.batch)
    order by 1, 2, 3`.execute(db);
  const yards = (centi: number | string | null) => (centi === null ? null : centiToYards(Number(centi)));
  const money = (e4: number | string | null) => (e4 === null ? null : e4ToMoney(Number(e4)));
  return rows.map((r) => ({
    problem: "month-end batch row differs from its snapshot rows",
    asOf: r.as_of,
    materialId: Number(r.material_id),
    batch: r.batch,
    rowYards: yards(r.row_yards),
    rowValue: money(r.row_value),
    snapshotYards: yards(r.sum_yards),
    snapshotValue: money(r.sum_value),
  }));
}
