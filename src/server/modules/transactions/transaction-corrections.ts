import type { Kysely } from "kysely";
import { e4ToMoney } from "../../../domain/money";
import type { TransactionDetail } from "../../../domain/transaction-views";
import type { Database } from "../../db/schema";

/**
 * Costs that arrive later (CONTRACT.md section 16) on a transaction's detail: a cost correction
 * names its receipt and says which movement each value-only line corrects, a receipt lists its
 * corrections, and an admin sees each line's value change (money: CONTRACT.md section 6). Without
 * these a correction reads as a receipt of 0.00 yards.
 */
export async function withCostCorrections(
  db: Kysely<Database>,
  detail: TransactionDetail,
  withCost: boolean,
): Promise<TransactionDetail> {
  const id = detail.header.id;
  const [corrects, corrections, lines] = await Promise.all([
    db
      .selectFrom("transactions as t")
      .innerJoin("transactions as r", "r.id", "t.corrects_id")
      .select(["r.id", "r.transaction_number"])
      .where("t.id", "=", id)
      .executeTakeFirst(),
    db
      .selectFrom("transactions")
      .select(["id", "transaction_number", "transaction_date"])
      .where("corrects_id", "=", id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("transaction_lines")
      .select(["id", "value_change_e4", "value_type"])
      .where("transaction_id", "=", id)
      .execute(),
  ]);
  const byLine = new Map(lines.map((l) => [l.id, l]));
  const header = { ...detail.header };
  if (corrects) header.corrects = { id: corrects.id, number: corrects.transaction_number };
  if (corrections.length > 0)
    header.costCorrections = corrections.map((c) => ({
      id: c.id,
      number: c.transaction_number,
      date: c.transaction_date,
    }));
  const details = detail.details.map((line) => {
    const stored = byLine.get(line.id);
    return {
      ...line,
      ...(stored?.value_type ? { valueType: stored.value_type } : {}),
      ...(withCost && stored ? { valueChange: e4ToMoney(stored.value_change_e4) } : {}),
    };
  });
  return { header, details };
}
