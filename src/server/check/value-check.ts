import { type Kysely, sql } from "kysely";
import { e4ToMoney, MAX_VALUE_E4 } from "../../domain/money";
import type { Database } from "../db/schema";

/**
 * The stock value invariant of CONTRACT.md section 11 (decision 009), proven by `npm run check`
 * with the rolls (rolls-check.ts):
 * - every roll's stored value is valueE4(length, unit cost) (domain/money.ts: half away from zero);
 * - every roll's value is its opening value plus the value changes of its ledger lines;
 * - a line that names no roll (history from before rolls) carries no value.
 * - each warehouse's stored value total (warehouse_totals.value_e4) is the sum of its rolls' values;
 * - each stock row's stored value (balances.value_e4) is the sum of its key's rolls' values;
 * - no warehouse's value total is beyond MAX_VALUE_E4 (an exact JSON number; the posting refuses
 *   to go there, posting/value-limit.ts), so no roll or stock row of it is either.
 * Together: stock value = the sum of the rolls' values = opening values + the sum of line values.
 */
export type ValueProblem =
  | "roll value differs from its length"
  | "roll value differs from its lines"
  | "value on a line without a roll"
  | "warehouse value differs from its rolls"
  | "stock row value differs from its rolls"
  | "warehouse value beyond the exact range";

export interface ValueOffenceRow {
  what: "value" | "value-lines" | "value-unrolled" | "value-warehouse" | "value-balance" | "value-range";
  roll_id: number | null;
  line_id: number | null;
  material_id: number | null;
  batch: string | null;
  warehouse_id: number;
  stored: number;
  expected: number;
}

/** valueE4 in SQL for non-negative lengths and costs (integer division truncates both engines). */
const valueSql = (length: string, cost: string) =>
  sql<number>`((${sql.ref(length)} * ${sql.ref(cost)} + 50) / 100)`;

/** One statement: rolls and lines read in one snapshot. */
export async function valueOffenceRows(db: Kysely<Database>): Promise<ValueOffenceRow[]> {
  const rows = await db
    .with("warehouse_values", (qb) =>
      qb
        .selectFrom("rolls")
        .select(["warehouse_id", sql<number>`sum(value_e4)`.as("total")])
        .groupBy("warehouse_id"),
    )
    .with("key_values", (qb) =>
      qb
        .selectFrom("rolls")
        .select(["material_id", "batch", "warehouse_id", sql<number>`sum(value_e4)`.as("total")])
        .groupBy(["material_id", "batch", "warehouse_id"]),
    )
    .with("line_values", (qb) =>
      qb
        .selectFrom("transaction_lines")
        .select(["roll_id", sql<number>`sum(value_change_e4)`.as("total")])
        .where("roll_id", "is not", null)
        .groupBy("roll_id"),
    )
    .selectFrom("rolls as r")
    .leftJoin("line_values as lv", "lv.roll_id", "r.id")
    .select([
      sql<string>`case when r.value_e4 <> ${valueSql("r.length_centi", "r.unit_cost_e4")} then 'value' else 'value-lines' end`.as(
        "what",
      ),
      sql<number | null>`r.id`.as("roll_id"),
      sql<number | null>`cast(null as integer)`.as("line_id"),
      sql<number | null>`r.material_id`.as("material_id"),
      sql<string | null>`r.batch`.as("batch"),
      "r.warehouse_id",
      sql<number>`r.value_e4`.as("stored"),
      sql<number>`case when r.value_e4 <> ${valueSql("r.length_centi", "r.unit_cost_e4")}
        then ${valueSql("r.length_centi", "r.unit_cost_e4")}
        else ${valueSql("r.opening_centi", "r.unit_cost_e4")} + coalesce(lv.total, 0) end`.as("expected"),
    ])
    .where(
      sql<boolean>`(r.value_e4 <> ${valueSql("r.length_centi", "r.unit_cost_e4")}
        or r.value_e4 <> ${valueSql("r.opening_centi", "r.unit_cost_e4")} + coalesce(lv.total, 0))`,
    )
    .unionAll((eb) =>
      eb
        .selectFrom("transaction_lines as l")
        .select([
          sql<string>`'value-unrolled'`.as("what"),
          sql<number | null>`cast(null as integer)`.as("roll_id"),
          sql<number | null>`l.id`.as("line_id"),
          sql<number | null>`l.material_id`.as("material_id"),
          sql<string | null>`l.batch`.as("batch"),
          "l.warehouse_id",
          sql<number>`l.value_change_e4`.as("stored"),
          sql<number>`cast(0 as bigint)`.as("expected"),
        ])
        .where("l.roll_id", "is", null)
        .where("l.value_change_e4", "<>", 0),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("warehouses as w")
        .leftJoin("warehouse_totals as wt", "wt.warehouse_id", "w.id")
        .leftJoin("warehouse_values as wv", "wv.warehouse_id", "w.id")
        .select([
          sql<string>`'value-warehouse'`.as("what"),
          sql<number | null>`cast(null as integer)`.as("roll_id"),
          sql<number | null>`cast(null as integer)`.as("line_id"),
          sql<number | null>`cast(null as integer)`.as("material_id"),
          sql<string | null>`cast(null as text)`.as("batch"),
          sql<number>`w.id`.as("warehouse_id"),
          sql<number>`coalesce(wt.value_e4, 0)`.as("stored"),
          sql<number>`coalesce(wv.total, 0)`.as("expected"),
        ])
        .where(sql<boolean>`coalesce(wt.value_e4, 0) <> coalesce(wv.total, 0)`),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("balances as b")
        .leftJoin("key_values as kv", (j) =>
          j
            .onRef("kv.material_id", "=", "b.material_id")
            .onRef("kv.batch", "=", "b.batch")
            .onRef("kv.warehouse_id", "=", "b.warehouse_id"),
        )
        .select([
          sql<string>`'value-balance'`.as("what"),
          sql<number | null>`cast(null as integer)`.as("roll_id"),
          sql<number | null>`cast(null as integer)`.as("line_id"),
          sql<number | null>`b.material_id`.as("material_id"),
          sql<string | null>`b.batch`.as("batch"),
          sql<number>`b.warehouse_id`.as("warehouse_id"),
          sql<number>`b.value_e4`.as("stored"),
          sql<number>`coalesce(kv.total, 0)`.as("expected"),
        ])
        .where(sql<boolean>`b.value_e4 <> coalesce(kv.total, 0)`),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("warehouse_totals as wt")
        .select([
          sql<string>`'value-range'`.as("what"),
          sql<number | null>`cast(null as integer)`.as("roll_id"),
          sql<number | null>`cast(null as integer)`.as("line_id"),
          sql<number | null>`cast(null as integer)`.as("material_id"),
          sql<string | null>`cast(null as text)`.as("batch"),
          sql<number>`wt.warehouse_id`.as("warehouse_id"),
          sql<number>`wt.value_e4`.as("stored"),
          sql<number>`cast(${MAX_VALUE_E4} as bigint)`.as("expected"),
        ])
        .where(sql<boolean>`wt.value_e4 > cast(${MAX_VALUE_E4} as bigint)`),
    )
    .execute();
  return rows as ValueOffenceRow[];
}

export const VALUE_PROBLEMS: Record<ValueOffenceRow["what"], ValueProblem> = {
  value: "roll value differs from its length",
  "value-lines": "roll value differs from its lines",
  "value-unrolled": "value on a line without a roll",
  "value-warehouse": "warehouse value differs from its rolls",
  "value-balance": "stock row value differs from its rolls",
  "value-range": "warehouse value beyond the exact range",
};

/** Money for an offence table: stored and expected values in the currency. */
export const moneyOf = (e4: number) => e4ToMoney(e4);
