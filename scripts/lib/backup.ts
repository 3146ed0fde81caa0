import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";

/** The file the server keeps in DATA_DIR while it runs (see src/server/main.ts). */
export const PID_FILE = "server.pid";

/**
 * A consistent copy of a live SQLite database through SQLite's online backup API: readers and
 * writers carry on while pages are copied, and the copy is one committed state.
 */
export async function backupSqlite(sourceFile: string, targetFile: string): Promise<void> {
  if (!fs.existsSync(sourceFile)) throw new Error(`No database at ${sourceFile}`);
  fs.mkdirSync(path.dirname(targetFile), { recursive: true });
  const source = new SqliteDatabase(sourceFile, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(targetFile);
  } finally {
    source.close();
  }
}

/** The pid of a server running on `dataDir`, or null (a stale file from a killed server is ignored). */
export function liveServerPid(dataDir: string): number | null {
  const file = path.join(dataDir, PID_FILE);
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Checks that a file is a healthy SQLite database of this app before it replaces the live one. */
export function verifySqliteBackup(file: string): void {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`${file} fails SQLite's integrity check: ${String(result)}`);
    const table = db
      .prepare("select name from sqlite_master where type = 'table' and name = 'transaction_lines'")
      .get();
    if (!table) throw new Error(`${file} is not a Fabric Inventory database`);
  } finally {
    db.close();
  }
}

/** Replaces the database in `dataDir` with `backupFile`; refuses while a server runs there. */
export function restoreSqlite(backupFile: string, dataDir: string, dbFile: string): void {
  const pid = liveServerPid(dataDir);
  if (pid !== null) {
    throw new Error(`A server (pid ${pid}) is running on ${dataDir}: stop it before restoring.`);
  }
  verifySqliteBackup(backupFile);
  fs.mkdirSync(dataDir, { recursive: true });
  const temp = `${dbFile}.restoring`;
  fs.copyFileSync(backupFile, temp);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${dbFile}${suffix}`, { force: true });
  fs.renameSync(temp, dbFile);
}
