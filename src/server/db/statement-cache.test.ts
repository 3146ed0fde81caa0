import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./database";

// SQLite only: the cache wraps better-sqlite3 (database.ts).
describe("the SQLite statement cache", () => {
  let dir: string;
  let native: SqliteDatabase.Database;
  let db: Kysely<{ t: { id: number; v: string } }>;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "stmt-cache-"));
    native = new SqliteDatabase(path.join(dir, "t.db"));
    db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(native) }) });
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
    await db
      .insertInto("t")
      .values(Array.from({ length: 20 }, (_, i) => ({ id: i + 1, v: `v${i + 1}` })))
      .execute();
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const byId = (id: number) => db.selectFrom("t").select("v").where("id", "=", id);

  it("runs one SQL text again and again with other parameters, each answer its own", async () => {
    for (let id = 1; id <= 20; id++) expect(await byId(id).executeTakeFirst()).toEqual({ v: `v${id}` });
    await db.updateTable("t").set({ v: "changed" }).where("id", "=", 3).execute();
    await db.updateTable("t").set({ v: "again" }).where("id", "=", 4).execute();
    expect(await byId(3).executeTakeFirst()).toEqual({ v: "changed" });
    expect(await byId(4).executeTakeFirst()).toEqual({ v: "again" });
  });

  it("runs a query again after the same query's stream was left half-read", async () => {
    const all = () => db.selectFrom("t").select("id").where("id", ">", 0).orderBy("id");
    const seen: number[] = [];
    for await (const row of all().stream()) {
      seen.push(row.id);
      if (row.id === 5) break;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    // The kept statement was mid-iteration: it must read all 20 rows from the start.
    expect((await all().execute()).map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("keeps working past its size (least recently used texts dropped) and after the schema changes", async () => {
    // 400 distinct texts: IN lists of 1..400 ids.
    for (let n = 1; n <= 400; n++) {
      const ids = Array.from({ length: n }, (_, i) => (i % 20) + 1);
      const rows = await db.selectFrom("t").select("id").where("id", "in", ids).execute();
      expect(rows.length).toBe(Math.min(n, 20));
    }
    expect((await byId(7).executeTakeFirst())?.v).toBe("v7");
    await sql`alter table t add column w text not null default 'w'`.execute(db);
    expect(await sql`select * from t where id = ${7}`.execute(db).then((r) => r.rows)).toEqual([
      { id: 7, v: "v7", w: "w" },
    ]);
    expect((await byId(7).executeTakeFirst())?.v).toBe("v7");
  });
});
