import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/**
 * The next value of the sequence of (prefix, year), taken inside the posting's transaction: the row
 * stays locked until commit, so numbers are unique and gap-free, and a refused posting rolls its
 * number back. One statement on both engines. Callers take it after the balance rows, as late as
 * possible, so postings of one kind wait on each other only for the last few statements.
 */
export async function nextSequenceValue(db: Kysely<Database>, prefix: string, year: number): Promise<number> {
  const row = await db
    .insertInto("number_sequences")
    .values({ prefix, year, last_value: 1 })
    .onConflict((oc) =>
      oc
        .columns(["prefix", "year"])
        .doUpdateSet((eb) => ({ last_value: eb("number_sequences.last_value", "+", 1) })),
    )
    .returning("last_value")
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
}
