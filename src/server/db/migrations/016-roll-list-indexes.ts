// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/** The rolls list's indexes of migration 008, by name, and their columns. */
const LIST_INDEXES = [
  ["warehouse", ["warehouse_id", "id"]],
  ["warehouse_status", ["warehouse_id", "status", "id"]],
  ["status", ["status", "id"]],
  ["batch", ["batch", "id"]],
  ["length", ["length_centi", "id"]],
  ["received", ["first_received", "id"]],
  ["moved", ["last_moved_at", "id"]],
] as const;

/**
 * The rolls list's partial indexes, and the key's (`rolls_key_live_idx`), hold the rolls that are
 * not Used Up, stated by status (`status <> 'Used Up'`) instead of by length (`length_centi > 0`,
 * migration 008); the two are the same rolls (`npm run check` proves status follows length). Why: a cut changes a roll's length
 * and rarely its status, and an index whose condition names the length is rewritten on every length
 * change, one stated by status only when the status changes (posting/apply-rolls.ts leaves status
 * out of the update when it stays). Five of the seven list indexes (warehouse, warehouse + status,
 * status, batch, received) are no longer touched by a cut; length and last moved are (their columns
 * change). The status index no longer holds the length: the list's counts need the status alone now.
 * The value index (migration 015) keeps `length_centi > 0`: the value reports state that.
 * Measured: docs/performance.md (issue 14, multi-roll postings).
 */
export const rollListIndexes: Migration = {
  name: "016-roll-list-indexes",
  async up(db: Kysely<any>) {
    // The key's index (allocation, and the list filtered by material): same columns, by status too.
    await db.schema.dropIndex("rolls_key_live_idx").execute();
    await db.schema
      .createIndex("rolls_key_live_idx")
      .on("rolls")
      .columns(["material_id", "batch", "warehouse_id", "length_centi"])
      .where(sql<boolean>`status <> 'Used Up'`)
      .execute();
    for (const [name, columns] of LIST_INDEXES) {
      await db.schema.dropIndex(`rolls_live_${name}_idx`).execute();
      await db.schema
        .createIndex(`rolls_open_${name}_idx`)
        .on("rolls")
        .columns([...columns])
        .where(sql<boolean>`status <> 'Used Up'`)
        .execute();
    }
  },
};
