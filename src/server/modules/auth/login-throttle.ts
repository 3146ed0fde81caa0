import type { Kysely } from "kysely";
import { nameKey } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import type { Database } from "../../db/schema";
import { AppError } from "../../lib/http-errors";

// Login throttle (decision 003): kept in the database so that every app instance counts the same
// attempts. An attempt takes its place in the count BEFORE the password is checked, in one
// statement per counter, so that a burst of simultaneous attempts cannot all read "0 failures so
// far" while the slow hash check runs (issue 12: 110 parallel guesses once got 109 checks).

/** Attempts allowed per (address, username) and per address in the window before 429. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 50;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleKeys {
  account: string;
  ip: string;
}

/** The username is counted in the form that finds the account, so 'ＡＤＭＩＮ' spends 'admin''s budget. */
export function throttleKeys(ip: string, username: string): ThrottleKeys {
  return { account: `account:${ip}:${nameKey(username)}`, ip: `ip:${ip}` };
}

export const tooManyAttempts = () => new AppError(429, "RATE_LIMITED", errorText("LOGIN_RATE_LIMITED"));

/**
 * Counts one attempt on `key` when the window still has room (or has ended, which starts a new
 * one) and says whether it did. Insert-or-increment with the limit in the conflict's WHERE: the
 * row is returned only when the increment happened, atomically on SQLite and PostgreSQL alike.
 */
async function claim(db: Kysely<Database>, key: string, limit: number, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const nowIso = now.toISOString();
  const row = await db
    .insertInto("login_throttle")
    .values({ key, failures: 1, window_start: nowIso })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => {
          const expired = eb("login_throttle.window_start", "<=", cutoff);
          return {
            failures: eb
              .case()
              .when(expired)
              .then(1)
              .else(eb("login_throttle.failures", "+", 1))
              .end(),
            window_start: eb
              .case()
              .when(expired)
              .then(nowIso)
              .else(eb.ref("login_throttle.window_start"))
              .end(),
          };
        })
        .where((eb) =>
          eb.or([eb("login_throttle.window_start", "<=", cutoff), eb("login_throttle.failures", "<", limit)]),
        ),
    )
    .returning("failures")
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives back one counted attempt (it turned out not to be a failure, or was not made). */
async function release(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable("login_throttle")
    .set((eb) => ({ failures: eb("failures", "-", 1) }))
    .where("key", "=", key)
    .where("failures", ">", 0)
    .execute();
}

/**
 * Counts a password attempt as a failure in advance, or throws 429 when either budget is spent.
 * Refused attempts are not counted: they check nothing, and must not use up the address's budget
 * for other accounts (a colleague behind the same address).
 */
export async function beginPasswordAttempt(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  now: Date,
): Promise<void> {
  if (!(await claim(db, keys.account, MAX_FAILURES_PER_ACCOUNT, now))) throw tooManyAttempts();
  if (await claim(db, keys.ip, MAX_FAILURES_PER_IP, now)) return;
  await release(db, keys.account);
  throw tooManyAttempts();
}

/** The right password: the account's failures are forgiven, and this attempt was not one of the address's. */
export async function passwordAttemptSucceeded(db: Kysely<Database>, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", keys.account).execute();
  await release(db, keys.ip);
}
