import type { Kysely } from "kysely";
import {
  diffFields,
  type HistoryAction,
  type HistoryChanges,
  type HistoryEntity,
  PASSWORD_CHANGED,
} from "../../../domain/history";
import type { User } from "../../../domain/user";
import type { Database } from "../../db/schema";
import { unauthorized } from "../../lib/http-errors";

/** Entities whose isActive false is "archived" (CONTRACT.md section 5); others just change a field. */
const ARCHIVABLE = new Set<HistoryEntity>(["warehouse", "supplier", "material"]);

export interface MasterDataChange {
  entity: HistoryEntity;
  entityId: number;
  /** The record as the API showed it before the change; null for a create. */
  before: object | null;
  /** The record as the API shows it after the change; null for a delete. */
  after: object | null;
  /** Who changed it: the signed-in user. */
  by: Pick<User, "id"> | null;
  at: Date;
  /** A user's password was set: recorded as the word "changed", never the hash. */
  passwordChanged?: boolean;
}

function actionOf(change: MasterDataChange, changes: HistoryChanges): HistoryAction {
  if (change.before === null) return "create";
  if (change.after === null) return "delete";
  const active = changes.isActive;
  if (ARCHIVABLE.has(change.entity) && Array.isArray(active)) return active[1] ? "restore" : "archive";
  return "update";
}

/**
 * Records one change of master data (issue 16 point 4). Call it inside the write transaction that
 * makes the change, after the change succeeded: a refused change rolls back its record with it.
 * An update that changes nothing records nothing. Answers whether a row was written.
 */
export async function recordChange(db: Kysely<Database>, change: MasterDataChange): Promise<boolean> {
  if (!change.by) throw unauthorized();
  const changes: HistoryChanges = diffFields(
    change.before as Record<string, unknown> | null,
    change.after as Record<string, unknown> | null,
  );
  if (change.passwordChanged) changes.password = PASSWORD_CHANGED;
  if (change.before !== null && change.after !== null && Object.keys(changes).length === 0) return false;
  await db
    .insertInto("master_data_changes")
    .values({
      entity: change.entity,
      entity_id: change.entityId,
      action: actionOf(change, changes),
      changes: JSON.stringify(changes),
      user_id: change.by.id,
      changed_at: change.at.toISOString(),
    })
    .execute();
  return true;
}
