import type { Kysely } from "kysely";
import { formatTransactionNumber } from "../../../../domain/transaction";
import { KIND_INFO, type TransactionKind } from "../../../../domain/transaction-kinds";
import type { Database } from "../../../db/schema";

/**
 * The numbering step: the posting's gap-free number (a prefix per kind, RCV-2026-00001, a sequence per year of its
 * date). Taken after the balances, rolls and totals: its row stays locked until commit, so postings
 * of one kind wait on each other only for the header and lines.
 */
export async function takeTransactionNumber(
  db: Kysely<Database>,
  kind: TransactionKind,
  transactionDate: string,
): Promise<string> {
  const year = Number(transactionDate.slice(0, 4));
  const sequence = await nextSequenceValue(db, KIND_INFO[kind].prefix, year);
  return formatTransactionNumber(kind, transactionDate, sequence);
}

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
