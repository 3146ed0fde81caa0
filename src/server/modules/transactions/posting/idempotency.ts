import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { errorText } from "../../../../domain/error-text";
import type { Database } from "../../../db/schema";
import { conflict } from "../../../lib/http-errors";

export const IDEMPOTENCY_KEY_MAX = 200;

/**
 * JSON with object keys sorted (by UTF-16 code units, as `<` compares strings) and undefined fields
 * left out, so that the same body always hashes the same. Exported for its test.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The request a key stands for (the path's kind and the validated body), as a hash. */
function requestHash(request: unknown): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * The idempotency step around a posting (CONTRACT.md section 2): with a key, claims it first and
 * stores the answer last, in the posting's own database transaction; a repeated request with the
 * same body gets the stored answer and writes nothing. Without a key, just posts.
 */
export async function withIdempotencyKey<T extends StoredResponse>(
  db: Kysely<Database>,
  claim: { userId: number; key: string | null; request: () => unknown; now: string },
  post: () => Promise<T>,
): Promise<T> {
  const { userId, key } = claim;
  if (!key) return post();
  const prior = await claimIdempotencyKey(db, userId, key, requestHash(claim.request()), claim.now);
  if (prior) return prior as T;
  const result = await post();
  await storeResponse(db, userId, key, result);
  return result;
}

/**
 * Claims `key` for this user inside the posting's transaction. Returns the stored response when the
 * key was used before with the same request (the caller answers with it and writes nothing), throws
 * 409 IDEMPOTENCY_MISMATCH when it was used for another request, and returns null when the key is
 * new (the caller posts, then calls storeResponse before commit).
 *
 * The key row is inserted first with ON CONFLICT DO NOTHING: on PostgreSQL a concurrent request with
 * the same key waits on that insert until the first commits (then reads its response) or rolls back
 * (then posts itself). On SQLite write transactions are serialised anyway.
 */
async function claimIdempotencyKey(
  db: Kysely<Database>,
  userId: number,
  key: string,
  hash: string,
  now: string,
): Promise<StoredResponse | null> {
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({
      user_id: userId,
      key,
      request_hash: hash,
      response_status: null,
      response_body: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return null;
  const prior = await db
    .selectFrom("idempotency_keys")
    .select(["request_hash", "response_status", "response_body"])
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  if (prior.request_hash !== hash) {
    throw conflict(errorText("IDEMPOTENCY_MISMATCH"), "IDEMPOTENCY_MISMATCH");
  }
  if (prior.response_status === null || prior.response_body === null) {
    // Cannot happen: the key row and its response commit together.
    throw conflict(errorText("IDEMPOTENCY_PENDING"), "IDEMPOTENCY_MISMATCH");
  }
  return { status: prior.response_status, body: JSON.parse(prior.response_body) };
}

async function storeResponse(
  db: Kysely<Database>,
  userId: number,
  key: string,
  response: StoredResponse,
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({ response_status: response.status, response_body: JSON.stringify(response.body) })
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .execute();
}
