import { type Kysely, sql } from "kysely";
import { MAX_VALUE_E4 } from "../../../../domain/money";
import type { KeyChange } from "../../../../domain/stock-key";
import type { Database } from "../../../db/schema";
import { valueLimitError } from "./refusals";

/**
 * The last step, after the posting's aggregates (ledger.ts): no warehouse total and no batch total
 * it raised is above MAX_VALUE_E4 (the values it makes were checked before they were written:
 * value-lines.ts). Those rows are locked by this posting's upserts, so two postings cannot
 * both pass with a sum beyond it. A stock row or roll is part of both, so it is within them too.
 * Read only when the posting adds value somewhere: a usage never pays for it.
 */
export async function assertStoredValueLimits(
  db: Kysely<Database>,
  lines: readonly Pick<KeyChange, "materialId" | "warehouseId" | "valueChangeE4">[],
): Promise<void> {
  // Stryker disable next-line MethodExpression,ConditionalExpression,EqualityOperator: equivalent, every stored total is within the limit, so checking totals a posting did not raise refuses nothing
  const raised = lines.filter((l) => l.valueChangeE4 > 0);
  // Stryker disable next-line ConditionalExpression: equivalent on SQLite (an empty `in ()` matches nothing); it spares a usage the statement
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
