import { type Kysely, sql } from "kysely";
import { errorText } from "../../../../domain/error-text";
import { e4ToMoney, MAX_VALUE_E4 } from "../../../../domain/money";
import type { Database } from "../../../db/schema";
import { AppError } from "../../../lib/http-errors";

interface ValuedLine {
  materialId: number;
  batch: string;
  warehouseId: number;
  valueChangeE4: number;
}

const LIMIT_TEXT = e4ToMoney(MAX_VALUE_E4).toLocaleString("en-US", { maximumFractionDigits: 4 });

/** 409 VALUE_LIMIT: a value the posting would store is beyond what stays exact (CONTRACT.md section 11). */
export function valueLimitError(what: string): AppError {
  return new AppError(409, "VALUE_LIMIT", errorText("VALUE_TOO_LARGE", { what, limit: LIMIT_TEXT }));
}

/**
 * Before anything is written: every roll's new value, and the posting's net value change per
 * warehouse and per batch, stay within MAX_VALUE_E4. Values are never negative, so with the stored
 * totals checked after the posting (assertStoredValueLimits) no sum of them can overflow a BIGINT.
 */
export function assertValueLimits(rollValues: Iterable<number>, lines: readonly ValuedLine[]): void {
  for (const v of rollValues) if (v > MAX_VALUE_E4) throw valueLimitError("A roll of this posting");
  const byWarehouse = new Map<number, number>();
  const byBatch = new Map<string, number>();
  for (const l of lines) {
    byWarehouse.set(l.warehouseId, (byWarehouse.get(l.warehouseId) ?? 0) + l.valueChangeE4);
    const k = `${l.materialId}\u0000${l.batch}`;
    byBatch.set(k, (byBatch.get(k) ?? 0) + l.valueChangeE4);
  }
  for (const v of byWarehouse.values()) if (v > MAX_VALUE_E4) throw valueLimitError("A warehouse's stock");
  for (const v of byBatch.values()) if (v > MAX_VALUE_E4) throw valueLimitError("A batch");
}

/**
 * After the posting's aggregates (write-posting.ts): no warehouse total and no batch total it raised
 * is above MAX_VALUE_E4. Those rows are locked by this posting's upserts, so two postings cannot
 * both pass with a sum beyond it. A stock row or roll is part of both, so it is within them too.
 * Read only when the posting adds value somewhere: a usage never pays for it.
 */
export async function assertStoredValueLimits(
  db: Kysely<Database>,
  lines: readonly ValuedLine[],
): Promise<void> {
  const raised = lines.filter((l) => l.valueChangeE4 > 0);
  if (raised.length === 0) return;
  const warehouses = [...new Set(raised.map((l) => l.warehouseId))];
  const materials = [...new Set(raised.map((l) => l.materialId))];
  const max = sql`cast(${MAX_VALUE_E4} as bigint)`;
  const over = await db
    .selectFrom("warehouse_totals as wt")
    .innerJoin("warehouses as w", "w.id", "wt.warehouse_id")
    .select(sql<string>`'The stock of ' || w.name`.as("what"))
    .where("wt.warehouse_id", "in", warehouses)
    .where(sql<boolean>`wt.value_e4 > ${max}`)
    .unionAll(
      db
        .selectFrom("batch_totals as b")
        .select(sql<string>`'Batch ' || b.batch`.as("what"))
        .where("b.material_id", "in", materials)
        .where(sql<boolean>`b.value_e4 > ${max}`),
    )
    .limit(1)
    .executeTakeFirst();
  if (over) throw valueLimitError(over.what);
}
