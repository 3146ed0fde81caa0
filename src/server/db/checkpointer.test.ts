import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { CHECKPOINT_IDLE_MS, startCheckpointer } from "./checkpointer";
import { createDb, type Db } from "./database";

/**
 * The WAL checkpoint on a worker thread (checkpointer.ts, decision 015). With the server
 * connection's own automatic checkpoint turned off, the database file only grows when something
 * else copies the log into it: the worker, or nobody.
 */
const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-checkpoint-"));
  dirs.push(dir);
  return path.join(dir, "db.sqlite");
}

/** Opens `file` with the server's automatic checkpoint off and commits ~2 MB of new pages to its log. */
async function writePages(file: string, backgroundCheckpoint: boolean): Promise<Db> {
  const db = createDb({ dialect: "sqlite", file, backgroundCheckpoint });
  dbs.push(db);
  await sql`pragma wal_autocheckpoint = 0`.execute(db.kysely);
  await sql`create table t (x text not null)`.execute(db.kysely);
  for (let i = 0; i < 4; i++) {
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 500)
      insert into t select hex(randomblob(500)) from n`.execute(db.kysely);
  }
  return db;
}

async function grows(file: string, from: number, withinMs: number): Promise<boolean> {
  const end = Date.now() + withinMs;
  while (Date.now() < end) {
    if (fs.statSync(file).size > from + 1_000_000) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe("the WAL checkpoint on a worker thread", () => {
  it("copies committed pages into the database file while the server's connection only writes", async () => {
    const file = freshFile();
    const db = await writePages(file, true);
    expect(await grows(file, 0, 10_000)).toBe(true);
    // And the server's connection still reads every row it committed.
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(db.kysely);
    expect(count.rows[0]?.n).toBe(2000);
  });

  it("is off unless asked for: the same writes leave the file as it was", async () => {
    const file = freshFile();
    await writePages(file, false);
    const size = fs.statSync(file).size;
    expect(await grows(file, size, 3 * CHECKPOINT_IDLE_MS)).toBe(false);
  });

  it("says what it copied, and stops when asked, more than once", async () => {
    const file = freshFile();
    const db = createDb({ dialect: "sqlite", file });
    dbs.push(db);
    await sql`pragma wal_autocheckpoint = 0`.execute(db.kysely);
    await sql`create table t (x text not null)`.execute(db.kysely);
    await sql`insert into t select hex(randomblob(500)) from (select 1 union all select 2)`.execute(
      db.kysely,
    );
    const checkpointer = startCheckpointer(file, { busyMs: 10, idleMs: 20 });
    await checkpointer.ready;
    let stats = await checkpointer.stats();
    for (let i = 0; i < 100 && stats.pagesCopied === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      stats = await checkpointer.stats();
    }
    expect(stats.pagesCopied).toBeGreaterThan(0);
    expect(stats.failures).toBe(0);
    // Exactly the log's pages: nothing else checkpoints here, so the log was not restarted.
    const log = async () =>
      (await sql<{ log: number; checkpointed: number }>`pragma wal_checkpoint(passive)`.execute(db.kysely))
        .rows[0];
    const before = await log();
    expect(before?.checkpointed).toBe(before?.log);
    expect(stats.pagesCopied).toBe(before?.log);
    await checkpointer.stop();
    await checkpointer.stop();
    await expect(checkpointer.stats()).rejects.toThrow(/stopped/);
  });
});
