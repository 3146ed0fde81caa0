// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import type { Kysely } from "kysely";
import type { DialectName } from "../database";
import type { Migration } from "./migration";

/**
 * Opening-roll imports (CONTRACT.md section 13): one row per file committed, keyed by the kind and
 * a fingerprint of the file's rows, so the same file committed twice is refused (409
 * ALREADY_IMPORTED, naming the stock opnames it posted). The unique key decides a race: the second
 * of two concurrent commits of one file fails its insert and posts nothing.
 */
export const openingImports: Migration = {
  name: "026-opening-imports",
  async up(db: Kysely<any>, dialect: DialectName) {
    const table = db.schema.createTable("imported_files");
    await (dialect === "sqlite"
      ? table.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement())
      : table.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity())
    )
      .addColumn("kind", "text", (c: any) => c.notNull())
      .addColumn("fingerprint", "text", (c: any) => c.notNull())
      .addColumn("file_name", "text")
      .addColumn("rows", "integer", (c: any) => c.notNull())
      // The transaction numbers it posted, for the refusal's message ("OPN-2026-00001, ...").
      .addColumn("transaction_numbers", "text", (c: any) => c.notNull())
      .addColumn("created_by", "integer", (c: any) => c.notNull().references("users.id"))
      .addColumn("created_at", "text", (c: any) => c.notNull())
      .addUniqueConstraint("imported_files_kind_fingerprint", ["kind", "fingerprint"])
      .execute();
  },
};
