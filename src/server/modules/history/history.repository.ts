import type { Kysely } from "kysely";
import type { HistoryAction, HistoryEntity, HistoryEntry } from "../../../domain/history";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";

function base(db: Kysely<Database>, entity: HistoryEntity, entityId: number) {
  return db
    .selectFrom("master_data_changes")
    .where("master_data_changes.entity", "=", entity)
    .where("master_data_changes.entity_id", "=", entityId);
}

/** The changes of one record, newest first (index master_data_changes_entity_idx). */
export async function listHistory(
  db: Kysely<Database>,
  entity: HistoryEntity,
  entityId: number,
  page: Page,
): Promise<HistoryEntry[]> {
  let query = base(db, entity, entityId)
    .innerJoin("users", "users.id", "master_data_changes.user_id")
    .select([
      "master_data_changes.id",
      "master_data_changes.action",
      "master_data_changes.changes",
      "master_data_changes.changed_at",
      "users.username",
    ])
    .orderBy("master_data_changes.id", "desc");
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset > 0) query = query.offset(page.offset);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action as HistoryAction,
    changes: JSON.parse(row.changes),
    username: row.username,
    changedAt: row.changed_at,
  }));
}

export async function countHistory(
  db: Kysely<Database>,
  entity: HistoryEntity,
  entityId: number,
): Promise<number> {
  const row = await base(db, entity, entityId)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
