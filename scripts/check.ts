/**
 * `npm run check`: proves the ledger (CONTRACT.md section 2). Every balance must equal the sum of
 * its transaction lines, none may be negative, and every key with lines must have a balance row.
 * Opens the database the way the server does (DATABASE_URL, else DATA_DIR's SQLite file). Exits 1
 * and lists the offending rows when the ledger does not hold. Read-only: runs beside a live server.
 */
import fs from "node:fs";
import { createDb } from "../src/server/db/database";
import { loadEnv } from "../src/server/env";
import { checkLedger, countBalances } from "../src/server/modules/transactions/ledger-check";

async function main(): Promise<number> {
  const env = loadEnv();
  if (!env.DATABASE_URL && !fs.existsSync(env.sqliteFile)) {
    console.error(`No database at ${env.sqliteFile} (set DATA_DIR or DATABASE_URL).`);
    return 1;
  }
  const db = env.DATABASE_URL
    ? createDb({ dialect: "postgres", connectionString: env.DATABASE_URL, poolSize: 1 })
    : createDb({ dialect: "sqlite", file: env.sqliteFile });
  try {
    const offences = await checkLedger(db.kysely);
    const balances = await countBalances(db.kysely);
    if (offences.length === 0) {
      console.log(`Ledger OK: ${balances} balances match their ledger lines`);
      return 0;
    }
    console.error(`Ledger NOT OK: ${offences.length} problem(s) among ${balances} balances`);
    console.table(
      offences.map((o) => ({
        material: o.materialId,
        batch: o.batch,
        warehouse: o.warehouseId,
        balance: o.balanceYards ?? "(missing)",
        ledgerSum: o.ledgerYards,
        problem: o.problem,
      })),
    );
    return 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Check failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
