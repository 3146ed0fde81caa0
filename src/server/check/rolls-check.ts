import { type Kysely, sql } from "kysely";
import { centiToYards } from "../../domain/yards";
import type { Database } from "../db/schema";
import { moneyOf, VALUE_PROBLEMS, type ValueProblem, valueOffenceRows } from "./value-check";

/**
 * The rolls invariant of CONTRACT.md section 8, proven by `npm run check`:
 * - every (material, batch, warehouse) balance equals the sum of its rolls' lengths;
 * - no roll is below 0, and each roll's length equals its opening length plus its ledger lines;
 * - each roll's stored status is the one its length and its material's remnant limit give;
 * - every ledger line written since rolls began (schema_meta rolls_from_line_id) that changes
 *   yards names a roll, and a line's roll is of the line's material and batch;
 * - each roll's value is its length's at its cost and its opening's plus its lines' (value-check.ts).
 */
export type RollProblem =
  | "balance differs from its rolls"
  | "negative roll"
  | "roll length differs from its lines"
  | "roll status differs from its length"
  | "line without a roll"
  | "line and its roll differ in material or batch"
  | ValueProblem;

export interface RollOffence {
  problem: RollProblem;
  rollId: number | null;
  lineId: number | null;
  materialId: number | null;
  batch: string | null;
  warehouseId: number | null;
  /** What is stored (balance, roll length, status, value in money) and what it should be. */
  stored: string | number | null;
  expected: string | number | null;
}

interface Row {
  what: string;
  roll_id: number | null;
  line_id: number | null;
  material_id: number | null;
  batch: string | null;
  warehouse_id: number | null;
  stored: number | null;
  expected: number | null;
  stored_text: string | null;
  expected_text: string | null;
}

/** The status a roll's length gives (the posting's rollStatusSql, written for a table alias). */
function expectedStatus(roll: string, material: string) {
  return sql<string>`case when ${sql.ref(`${roll}.length_centi`)} = 0 then 'Used Up'
    when ${sql.ref(`${roll}.length_centi`)} < ${sql.ref(`${material}.remnant_below_centi`)} then 'Remnant'
    else 'In Stock' end`;
}

/** One statement, so it reads one consistent snapshot even while postings run. */
export async function checkRolls(db: Kysely<Database>): Promise<RollOffence[]> {
  const nullInt = sql<number | null>`cast(null as integer)`;
  const nullBig = sql<number | null>`cast(null as bigint)`;
  const nullText = sql<string | null>`cast(null as text)`;
  const rows: Row[] = await db
    .with("roll_sums", (qb) =>
      qb
        .selectFrom("rolls")
        .select(["material_id", "batch", "warehouse_id", sql<number>`sum(length_centi)`.as("total")])
        .groupBy(["material_id", "batch", "warehouse_id"]),
    )
    .with("line_sums", (qb) =>
      qb
        .selectFrom("transaction_lines")
        .select(["roll_id", sql<number>`sum(yards_change_centi)`.as("total")])
        .where("roll_id", "is not", null)
        .groupBy("roll_id"),
    )
    .with("since", (qb) =>
      qb
        .selectFrom("schema_meta")
        .select(sql<number>`cast(value as bigint)`.as("line_id"))
        .where("key", "=", "rolls_from_line_id"),
    )
    .selectFrom("balances as b")
    .leftJoin("roll_sums as rs", (j) =>
      j
        .onRef("rs.material_id", "=", "b.material_id")
        .onRef("rs.batch", "=", "b.batch")
        .onRef("rs.warehouse_id", "=", "b.warehouse_id"),
    )
    .select([
      sql<string>`'key'`.as("what"),
      nullInt.as("roll_id"),
      nullInt.as("line_id"),
      sql<number | null>`b.material_id`.as("material_id"),
      sql<string | null>`b.batch`.as("batch"),
      sql<number | null>`b.warehouse_id`.as("warehouse_id"),
      sql<number | null>`b.yards_centi`.as("stored"),
      sql<number | null>`coalesce(rs.total, 0)`.as("expected"),
      nullText.as("stored_text"),
      nullText.as("expected_text"),
    ])
    .where(sql<boolean>`b.yards_centi <> coalesce(rs.total, 0)`)
    .unionAll((eb) =>
      eb
        .selectFrom("roll_sums as rs2")
        .select([
          sql<string>`'key'`.as("what"),
          nullInt.as("roll_id"),
          nullInt.as("line_id"),
          sql<number | null>`rs2.material_id`.as("material_id"),
          sql<string | null>`rs2.batch`.as("batch"),
          sql<number | null>`rs2.warehouse_id`.as("warehouse_id"),
          nullBig.as("stored"),
          sql<number | null>`rs2.total`.as("expected"),
          nullText.as("stored_text"),
          nullText.as("expected_text"),
        ])
        .where(sql<boolean>`rs2.total <> 0`)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("balances as b2")
                .select(sql`1`.as("one"))
                .whereRef("b2.material_id", "=", "rs2.material_id")
                .whereRef("b2.batch", "=", "rs2.batch")
                .whereRef("b2.warehouse_id", "=", "rs2.warehouse_id"),
            ),
          ),
        ),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("rolls as r")
        .leftJoin("line_sums as ls", "ls.roll_id", "r.id")
        .select([
          sql<string>`case when r.length_centi < 0 then 'negative' else 'length' end`.as("what"),
          sql<number | null>`r.id`.as("roll_id"),
          nullInt.as("line_id"),
          sql<number | null>`r.material_id`.as("material_id"),
          sql<string | null>`r.batch`.as("batch"),
          sql<number | null>`r.warehouse_id`.as("warehouse_id"),
          sql<number | null>`r.length_centi`.as("stored"),
          sql<number | null>`r.opening_centi + coalesce(ls.total, 0)`.as("expected"),
          nullText.as("stored_text"),
          nullText.as("expected_text"),
        ])
        .where(
          sql<boolean>`(r.length_centi < 0 or r.length_centi <> r.opening_centi + coalesce(ls.total, 0))`,
        ),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("rolls as r2")
        .innerJoin("materials as m", "m.id", "r2.material_id")
        .select([
          sql<string>`'status'`.as("what"),
          sql<number | null>`r2.id`.as("roll_id"),
          nullInt.as("line_id"),
          sql<number | null>`r2.material_id`.as("material_id"),
          sql<string | null>`r2.batch`.as("batch"),
          sql<number | null>`r2.warehouse_id`.as("warehouse_id"),
          sql<number | null>`r2.length_centi`.as("stored"),
          nullBig.as("expected"),
          sql<string | null>`r2.status`.as("stored_text"),
          expectedStatus("r2", "m").as("expected_text"),
        ])
        .where(sql<boolean>`r2.status <> ${expectedStatus("r2", "m")}`),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("transaction_lines as l")
        .leftJoin("rolls as r3", "r3.id", "l.roll_id")
        .select([
          sql<string>`case when l.roll_id is null then 'unrolled' else 'mismatch' end`.as("what"),
          sql<number | null>`l.roll_id`.as("roll_id"),
          sql<number | null>`l.id`.as("line_id"),
          sql<number | null>`l.material_id`.as("material_id"),
          sql<string | null>`l.batch`.as("batch"),
          sql<number | null>`l.warehouse_id`.as("warehouse_id"),
          sql<number | null>`l.yards_change_centi`.as("stored"),
          nullBig.as("expected"),
          sql<string | null>`r3.batch`.as("stored_text"),
          nullText.as("expected_text"),
        ])
        .where(
          sql<boolean>`((l.roll_id is null and l.yards_change_centi <> 0
            and l.id > coalesce((select s.line_id from since s), 0))
            or (l.roll_id is not null and (r3.material_id <> l.material_id or r3.batch <> l.batch)))`,
        ),
    )
    .execute();
  const values = await valueOffenceRows(db);
  return [
    ...rows.map(toOffence),
    ...values.map(
      (v): RollOffence => ({
        problem: VALUE_PROBLEMS[v.what],
        rollId: v.roll_id === null ? null : Number(v.roll_id),
        lineId: v.line_id === null ? null : Number(v.line_id),
        materialId: v.material_id === null ? null : Number(v.material_id),
        batch: v.batch,
        warehouseId: Number(v.warehouse_id),
        stored: moneyOf(Number(v.stored)),
        expected: moneyOf(Number(v.expected)),
      }),
    ),
  ];
}

const PROBLEMS: Record<string, RollProblem> = {
  key: "balance differs from its rolls",
  negative: "negative roll",
  length: "roll length differs from its lines",
  status: "roll status differs from its length",
  unrolled: "line without a roll",
  mismatch: "line and its roll differ in material or batch",
};

const yards = (centi: number | null) => (centi === null ? null : centiToYards(Number(centi)));

function toOffence(r: Row): RollOffence {
  const problem = PROBLEMS[r.what] ?? "roll length differs from its lines";
  const status = r.what === "status";
  return {
    problem,
    rollId: r.roll_id === null ? null : Number(r.roll_id),
    lineId: r.line_id === null ? null : Number(r.line_id),
    materialId: r.material_id === null ? null : Number(r.material_id),
    batch: r.batch,
    warehouseId: r.warehouse_id === null ? null : Number(r.warehouse_id),
    stored: status ? r.stored_text : yards(r.stored),
    expected: status ? r.expected_text : yards(r.expected),
  };
}
