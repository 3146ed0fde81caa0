import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { nextSequenceValue } from "../modules/transactions/posting/numbering";

/**
 * The next number of a numbered record (ORD-2026-00001, PO-…, CNT-…): a gap-free sequence per
 * prefix and year of `now` (UTC), taken in the caller's write transaction like a posting's number.
 */
export async function nextRecordNumber(trx: Kysely<Database>, prefix: string, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const sequence = await nextSequenceValue(trx, prefix, year);
  return `${prefix}-${year}-${String(sequence).padStart(5, "0")}`;
}
