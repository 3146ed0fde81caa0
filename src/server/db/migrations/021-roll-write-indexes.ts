// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

/** Indexes a roll left on every change of its status, length or last movement; dropped here. */
const DROPPED = [
  // Status filters and counts: the open status index (kept) serves In Stock and Remnant, with a
  // warehouse the open warehouse index (kept) and the status of its ~10,000 rolls; Used Up, the
  // history, reads the table (~30 ms at the large seed).
  "rolls_status_idx",
  "rolls_warehouse_status_idx",
  "rolls_open_warehouse_status_idx",
  // Sorts of the open rolls: batch and first receipt by the stable indexes below; length and last
  // movement (both change on every cut) sort the matching rolls.
  "rolls_open_batch_idx",
  "rolls_open_received_idx",
  "rolls_open_length_idx",
  "rolls_open_moved_idx",
];

/**
 * A posting that uses rolls up wrote, for each roll, one page of every index that holds open rolls
 * (`where status <> 'Used Up'`: the key's and seven of the list's) and two of each status index;
 * at the large seed that was ~65 of the 142 WAL pages a 5-item posting spanning three rolls per item
 * wrote, where a single-roll posting writes ~65 in all. This keeps three roll indexes that follow a
 * roll's state (the key's for allocation, the open warehouse and open status ones for the list's
 * filters and counts; of them only the key's holds the length), and sorts the list
 * by batch and by first receipt from indexes over every roll, whose columns never change, so that
 * a cut or a used-up roll does not write them. Measured: docs/performance.md (session 12);
 * decision: docs/decisions/014-roll-write-indexes.md.
 */
export const rollWriteIndexes: Migration = {
  name: "021-roll-write-indexes",
  async up(db: Kysely<any>) {
    for (const name of DROPPED) await db.schema.dropIndex(name).execute();
    await db.schema.createIndex("rolls_batch_idx").on("rolls").columns(["batch", "id"]).execute();
    await db.schema.createIndex("rolls_received_idx").on("rolls").columns(["first_received", "id"]).execute();
  },
};
