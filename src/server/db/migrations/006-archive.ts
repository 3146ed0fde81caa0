// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * is_active (1 = in use, 0 = archived) on warehouses, suppliers and materials (issue 13, CONTRACT.md
 * section 5 "Archive"): rows with history can never be deleted, so old ones are archived instead:
 * left out of the pickers and refused by new postings, kept in the history. Every existing row is
 * active (the default fills them).
 */
export const archive: Migration = {
  name: "006-archive",
  async up(db: Kysely<any>) {
    for (const table of ["warehouses", "suppliers", "materials"]) {
      await db.schema
        .alterTable(table)
        .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
        .execute();
    }
  },
};
