import { createHash, randomBytes } from "node:crypto";
import type { Kysely, Selectable, Updateable } from "kysely";
import { nameKey } from "../../../domain/common";
import type { Language, LengthUnit } from "../../../domain/length-units";
import type { USER_SORTS } from "../../../domain/list-sorts";
import type { Role } from "../../../domain/roles";
import type { User } from "../../../domain/user";
import type { Database, UsersTable } from "../../db/schema";
import { orderByTerms, type Sort, term } from "../../lib/list/list-sort";

export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface UserWithHash extends User {
  passwordHash: string;
}

function userRowToUser(row: Selectable<UsersTable>): UserWithHash {
  return {
    id: row.id,
    username: row.username,
    role: row.role as Role,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    language: row.language as Language,
    lengthUnit: row.length_unit as LengthUnit,
    passwordHash: row.password_hash,
  };
}

export function publicUser({ passwordHash: _omit, ...user }: UserWithHash): User {
  return user;
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findUserByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<UserWithHash | undefined> {
  const row = await db
    .selectFrom("users")
    .selectAll()
    .where("username_key", "=", nameKey(username))
    .executeTakeFirst();
  return row && userRowToUser(row);
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserWithHash | undefined> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  return row && userRowToUser(row);
}

/** By username (unique case-folded key), or by role, active, or creation time, then username. */
export async function listUsers(
  db: Kysely<Database>,
  sort: Sort<(typeof USER_SORTS)[number]> = { field: "username", order: "asc" },
): Promise<User[]> {
  const byName = term("username_key");
  const column = {
    username: [],
    role: [term("role")],
    isActive: [term("is_active")],
    createdAt: [term("created_at")],
  };
  const rows = await orderByTerms(
    db.selectFrom("users").selectAll(),
    [...column[sort.field], byName],
    sort.order,
  ).execute();
  return rows.map((r) => publicUser(userRowToUser(r)));
}

export async function insertUser(
  db: Kysely<Database>,
  input: { username: string; passwordHash: string; role: Role },
  now: Date,
): Promise<User> {
  const row = await db
    .insertInto("users")
    .values({
      username: input.username.trim(),
      username_key: nameKey(input.username),
      password_hash: input.passwordHash,
      role: input.role,
      is_active: 1,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return publicUser(userRowToUser(row));
}

export async function updateUser(
  db: Kysely<Database>,
  id: number,
  patch: {
    role?: Role;
    isActive?: boolean;
    passwordHash?: string;
    language?: Language;
    lengthUnit?: LengthUnit;
  },
): Promise<User | undefined> {
  const values: Updateable<UsersTable> = {};
  if (patch.role) values.role = patch.role;
  if (patch.language) values.language = patch.language;
  if (patch.lengthUnit) values.length_unit = patch.lengthUnit;
  if (patch.isActive !== undefined) values.is_active = patch.isActive ? 1 : 0;
  if (patch.passwordHash) values.password_hash = patch.passwordHash;
  if (Object.keys(values).length === 0) {
    const user = await findUserById(db, id);
    return user && publicUser(user);
  }
  const row = await db
    .updateTable("users")
    .set(values)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row && publicUser(userRowToUser(row));
}

export async function countActiveAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("is_active", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Sessions -----------------------------------------------------------------------------------------

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates a session and returns the cookie token (256 random bits); only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The active user of a live session, refreshing its idle clock; undefined when expired or unknown. */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<User | undefined> {
  const idHash = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.last_seen_at",
      "sessions.expires_at",
      "users.id",
      "users.username",
      "users.role",
      "users.is_active",
      "users.created_at",
      "users.language",
      "users.length_unit",
    ])
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  if (
    row.is_active !== 1 ||
    Date.parse(row.expires_at) <= now.getTime() ||
    lastSeen + IDLE_TIMEOUT_MS <= now.getTime()
  ) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return undefined;
  }
  if (now.getTime() - lastSeen > TOUCH_INTERVAL_MS) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return {
    id: row.id,
    username: row.username,
    role: row.role as Role,
    isActive: true,
    createdAt: row.created_at,
    language: row.language as Language,
    lengthUnit: row.length_unit as LengthUnit,
  };
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", hashToken(token)).execute();
}

export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: number,
  exceptToken?: string,
): Promise<void> {
  let q = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptToken) q = q.where("id_hash", "<>", hashToken(exceptToken));
  await q.execute();
}
