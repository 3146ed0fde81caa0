import { type Kysely, sql } from "kysely";
import { errorText } from "../../domain/error-text";
import { centiToYards } from "../../domain/yards";
import type { DialectName } from "../db/database";
import type { Database } from "../db/schema";
import { conflict } from "../lib/http-errors";
import { queryBoolean } from "../lib/list/list-query";

/**
 * Archiving warehouses, suppliers and materials (issue 13, CONTRACT.md section 5 "Archive"): rows
 * with history cannot be deleted, so old ones are archived (isActive false). They stay in every
 * history and report (joined by id), leave the `GET` lists unless `includeArchived=true` (the setup
 * screens ask for them, the pickers and filters do not), and new postings refuse them
 * (transactions/posting/references.ts).
 */

/** `includeArchived=true` lists archived rows too; absent or false leaves them out. */
export const includeArchivedShape = {
  includeArchived: queryBoolean.describe(
    "true: archived ones too (the setup screens); absent or false: only those in use (pickers, filters)",
  ),
};

/** A list's filter: only active rows unless archived ones are asked for. */
export const archiveFilter = (query: { includeArchived?: boolean }) => ({
  activeOnly: query.includeArchived !== true,
});

/**
 * PostgreSQL: locks the row being archived against postings, before its stock is checked. A posting
 * holds FOR KEY SHARE on the warehouses and materials it names (posting/references.ts), so this
 * waits for those in flight, and the stock read after it includes theirs; a posting that comes later
 * waits for this and finds the row archived. Taken first in the update, before any balance row.
 */
export async function lockForArchive(
  db: Kysely<Database>,
  dialect: DialectName,
  table: "warehouses" | "materials",
  id: number,
): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(db);
}

/**
 * Refuses (409) to archive a warehouse or material that still holds stock: archived, it would leave
 * the pickers, and nobody could issue or move that stock any more. Call inside the writing transaction.
 */
export async function assertNoStock(
  db: Kysely<Database>,
  kind: "warehouse" | "material",
  id: number,
  label: string,
): Promise<void> {
  const row = await db
    .selectFrom("balances")
    .select((eb) => eb.fn.sum<number | string | null>("yards_centi").as("centi"))
    .where(kind === "warehouse" ? "warehouse_id" : "material_id", "=", id)
    .where("yards_centi", ">", 0)
    .executeTakeFirst();
  const centi = Number(row?.centi ?? 0);
  if (centi > 0) {
    const code = kind === "warehouse" ? "CANNOT_ARCHIVE_WAREHOUSE_STOCK" : "CANNOT_ARCHIVE_MATERIAL_STOCK";
    throw conflict(errorText(code, { record: label, stockYards: centiToYards(centi) }), "HAS_STOCK");
  }
}
