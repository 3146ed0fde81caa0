import { type Kysely, sql } from "kysely";
import { stockKeyString } from "../../../../domain/posting-plan";
import type { Database } from "../../../db/schema";

interface ValuedLine {
  materialId: number;
  batch: string;
  warehouseId: number;
  valueChangeE4: number;
}

const CHUNK = 500;

/**
 * Part of step 4 (with the rolls): adds each line's value change to its key's balance row
 * (balances.value_e4 = the sum of the key's rolls' values, migration 017), so that the stock value
 * now is a sum of stock rows. One statement per 500 keys; the rows exist and are locked by this
 * posting already (the balances step), so every key given is updated.
 */
export async function applyBalanceValues(db: Kysely<Database>, lines: readonly ValuedLine[]): Promise<void> {
  const byKey = new Map<string, ValuedLine>();
  for (const line of lines) {
    if (line.valueChangeE4 === 0) continue;
    const k = stockKeyString(line);
    const into = byKey.get(k);
    if (into) into.valueChangeE4 += line.valueChangeE4;
    else byKey.set(k, { ...line });
  }
  const keys = [...byKey.values()].filter((k) => k.valueChangeE4 !== 0);
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = sql.join(
      keys
        .slice(i, i + CHUNK)
        .map(
          (k) =>
            sql`(cast(${k.materialId} as integer), cast(${k.batch} as text), cast(${k.warehouseId} as integer), cast(${k.valueChangeE4} as bigint))`,
        ),
    );
    await sql`with v(material_id, batch, warehouse_id, delta) as (values ${rows})
      update balances set value_e4 = balances.value_e4 + v.delta
        from v where balances.material_id = v.material_id and balances.batch = v.batch
          and balances.warehouse_id = v.warehouse_id`.execute(db);
  }
}

/** Sets every stock row's value from its rolls (the seed, after its bulk inserts). */
export async function fillBalanceValues(db: Kysely<Database>): Promise<void> {
  await sql`update balances set value_e4 = coalesce((select sum(r.value_e4) from rolls r
      where r.material_id = balances.material_id and r.batch = balances.batch
        and r.warehouse_id = balances.warehouse_id and r.status <> 'Used Up'), 0)`.execute(db);
}
