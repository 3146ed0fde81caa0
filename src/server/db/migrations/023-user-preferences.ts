// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Each user reads the app in their language and length unit (CONTRACT.md section 17), kept on the
 * user so that it follows them to every device. Existing users keep what they had: English, yards.
 */
export const userPreferences: Migration = {
  name: "023-user-preferences",
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("users")
      .addColumn("language", "text", (c) => c.notNull().defaultTo("en").check(sql`language in ('en', 'id')`))
      .execute();
    await db.schema
      .alterTable("users")
      .addColumn("length_unit", "text", (c) =>
        c.notNull().defaultTo("yd").check(sql`length_unit in ('yd', 'm')`),
      )
      .execute();
  },
};
