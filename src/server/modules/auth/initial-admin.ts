import type { Db } from "../../db/database";
import { withWriteTransaction } from "../../db/database";
import { isUniqueViolation } from "../../lib/http-errors";
import { recordChange } from "../history/record";
import { countUsers, insertUser } from "./auth.repository";
import { hashPassword } from "./password";

/** INITIAL_ADMIN_USERNAME / INITIAL_ADMIN_PASSWORD: creates the administrator without a browser, once. */
export async function ensureInitialAdmin(
  db: Db,
  input: { username: string; password: string },
  scryptN?: number,
): Promise<boolean> {
  if ((await countUsers(db.kysely)) > 0) return false;
  const passwordHash = await hashPassword(input.password, scryptN);
  const now = new Date();
  try {
    return await withWriteTransaction(db, async (trx) => {
      if ((await countUsers(trx)) > 0) return false;
      await trx.insertInto("schema_meta").values({ key: "setup_done", value: now.toISOString() }).execute();
      const admin = await insertUser(trx, { username: input.username, passwordHash, role: "admin" }, now);
      await recordChange(trx, {
        entity: "user",
        entityId: admin.id,
        before: null,
        after: admin,
        by: admin,
        at: now,
      });
      return true;
    });
  } catch (error) {
    // Another instance starting at the same moment created the administrator first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
