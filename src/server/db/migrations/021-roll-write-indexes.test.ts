import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { SortOrder } from "../../lib/list/list-sort";
import {
  countRolls,
  listRollRows,
  type RollFilters,
  type RollSort,
} from "../../modules/rolls/rolls.repository";
import { testDialects } from "../../test/dialects";
import { addLaterRollColumns, insertDenim, insertRoll, insertWarehouse } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const at021 = MIGRATIONS.findIndex((m) => m.name === "021-roll-write-indexes");
const before021 = MIGRATIONS.slice(0, at021);
const through021 = MIGRATIONS.slice(0, at021 + 1);

for (const dialect of testDialects()) {
  describe(`migration 021-roll-write-indexes [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: fewer roll indexes, the same lists", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before021 });
      try {
        const k = db.kysely;
        await addLaterRollColumns(k);
        const main = await insertWarehouse(k, "Main");
        const annex = await insertWarehouse(k, "Annex");
        const denim = await insertDenim(k);
        // [warehouse, length, status, batch, first received, last moved]
        const rolls = [
          [main, 4550, "In Stock", "D-2", "2024-03-01", "2024-03-05T10:00:00.000Z"],
          [main, 0, "Used Up", "D-1", "2024-01-10", "2024-04-01T10:00:00.000Z"],
          [main, 150, "Remnant", "D-3", "2024-02-01", "2024-03-20T10:00:00.000Z"],
          [annex, 2000, "In Stock", "D-1", "2024-01-15", "2024-02-02T10:00:00.000Z"],
          [annex, 0, "Used Up", "D-3", "2024-02-20", "2024-03-01T10:00:00.000Z"],
          [annex, 90, "Remnant", "D-2", "2024-02-25", "2024-04-02T10:00:00.000Z"],
        ] as const;
        for (const [warehouseId, lengthCenti, status, batch, firstReceived, lastMovedAt] of rolls) {
          await insertRoll(k, {
            materialId: denim,
            warehouseId,
            lengthCenti,
            status,
            batch,
            firstReceived,
            lastMovedAt,
          });
        }
        const names = async () =>
          (dialect === "sqlite"
            ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'
                and tbl_name = 'rolls' and name not like 'sqlite_%' order by name`.execute(k)
            : await sql<{ name: string }>`select indexname as name from pg_indexes
                where tablename = 'rolls' and indexname <> 'rolls_pkey' order by indexname`.execute(k)
          ).rows.map((r) => r.name);
        // Every read the list makes, before and after: filters, counts and each sort.
        const reads = async () => {
          const ids = async (f: RollFilters, field: RollSort["field"] = "code", order: SortOrder = "desc") =>
            (await listRollRows(k, f, { offset: 0, limit: 50 }, { field, order })).map((r) => r.id);
          return {
            open: await ids({}),
            atMain: await ids({ warehouseId: main }),
            remnantsAtAnnex: await ids({ warehouseId: annex, status: "Remnant" }),
            usedUp: await ids({ status: "Used Up" }),
            byBatch: await ids({}, "batch", "asc"),
            byReceived: await ids({}, "firstReceived", "desc"),
            byLength: await ids({}, "lengthYards", "asc"),
            byMoved: await ids({}, "lastMovedAt", "desc"),
            counts: [
              await countRolls(k, {}),
              await countRolls(k, { warehouseId: main }),
              await countRolls(k, { status: "Used Up" }),
              await countRolls(k, { status: "Remnant", warehouseId: annex }),
              await countRolls(k, { status: "In Stock" }),
            ],
          };
        };
        const before = await reads();
        expect(before.counts).toEqual([4, 2, 2, 1, 2]);
        expect(before.byBatch).toEqual([4, 1, 6, 3]);
        expect(before.byReceived).toEqual([1, 6, 3, 4]);
        expect(before.byLength).toEqual([6, 3, 4, 1]);
        expect(before.byMoved).toEqual([6, 3, 1, 4]);
        expect(before.usedUp).toEqual([5, 2]);
        const old = await names();
        expect(old).toContain("rolls_open_moved_idx");

        expect(await migrateToLatest(db, { migrations: through021 })).toContain("021-roll-write-indexes");

        const now = await names();
        for (const gone of [
          "rolls_status_idx",
          "rolls_warehouse_status_idx",
          "rolls_open_warehouse_status_idx",
          "rolls_open_batch_idx",
          "rolls_open_received_idx",
          "rolls_open_length_idx",
          "rolls_open_moved_idx",
        ]) {
          expect(old).toContain(gone);
          expect(now).not.toContain(gone);
        }
        // The indexes a posting writes when a roll is cut or used up: the key's, two of the list's.
        for (const kept of ["rolls_key_live_idx", "rolls_open_warehouse_idx", "rolls_open_status_idx"]) {
          expect(now).toContain(kept);
        }
        expect(now).toEqual(expect.arrayContaining(["rolls_batch_idx", "rolls_received_idx"]));
        expect(await reads()).toEqual(before);
      } finally {
        await cleanup();
      }
    });
  });
}
