import type { Kysely } from "kysely";
import { e4ToMoney } from "../../../domain/money";
import { formatRollCode } from "../../../domain/roll";
import { type StockCard, type StockCardLine, transactionsOfCard } from "../../../domain/stock-card";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import type { StockCardScope } from "./stock-card.query";

/**
 * The ledger lines of the scope, joined to their transactions for the date: one material's lines
 * are read from lines_stock_key_idx (material, batch, warehouse, transaction), so a card of one
 * stock row reads its few dozen lines whatever the size of the ledger.
 */
function scopeLines(db: Kysely<Database>, scope: StockCardScope) {
  let query = db
    .selectFrom("transaction_lines as tl")
    .innerJoin("transactions as t", "t.id", "tl.transaction_id")
    .where("tl.material_id", "=", scope.materialId);
  if (scope.batch !== undefined) query = query.where("tl.batch", "=", scope.batch);
  if (scope.warehouseId !== undefined) query = query.where("tl.warehouse_id", "=", scope.warehouseId);
  return query;
}

/**
 * The stock card (CONTRACT.md sections 10 and 12): the lines of the period in date then posting
 * order (transaction id, then line id), the same lines folded per transaction, the opening balance
 * (the scope's lines before startDate) and the running balance after each line.
 */
export async function stockCard(
  db: Kysely<Database>,
  scope: StockCardScope,
  withCost = false,
): Promise<StockCard> {
  let linesQuery = scopeLines(db, scope)
    .innerJoin("warehouses as w", "w.id", "tl.warehouse_id")
    .leftJoin("rolls as r", "r.id", "tl.roll_id")
    .leftJoin("transactions as ct", "ct.id", "t.corrects_id")
    .select([
      "ct.transaction_number as corrects_number",
      "tl.id as line_id",
      "t.transaction_date",
      "t.id as transaction_id",
      "t.transaction_number",
      "t.transaction_type",
      "t.reference_document",
      "tl.roll_id",
      "tl.warehouse_id",
      "w.name as warehouse_name",
      "tl.batch",
      "tl.yards_change_centi",
      "tl.value_change_e4",
      "r.unit_cost_e4",
    ])
    .orderBy("t.transaction_date")
    .orderBy("t.id")
    .orderBy("tl.id");
  if (scope.startDate !== undefined)
    linesQuery = linesQuery.where("t.transaction_date", ">=", scope.startDate);
  if (scope.endDate !== undefined) linesQuery = linesQuery.where("t.transaction_date", "<=", scope.endDate);
  const opening =
    scope.startDate === undefined
      ? Promise.resolve({ centi: 0, valueE4: 0 })
      : scopeLines(db, scope)
          .where("t.transaction_date", "<", scope.startDate)
          .select((eb) => [
            eb.fn.sum<number>("tl.yards_change_centi").as("centi"),
            eb.fn.sum<number>("tl.value_change_e4").as("value_e4"),
          ])
          .executeTakeFirst()
          .then((row) => ({ centi: Number(row?.centi ?? 0), valueE4: Number(row?.value_e4 ?? 0) }));
  const [{ centi: openingCenti, valueE4: openingE4 }, rows] = await Promise.all([
    opening,
    linesQuery.execute(),
  ]);
  // Hundredths and ten-thousandths are integers: the running sums are exact.
  let balance = openingCenti;
  let value = openingE4;
  const lines: StockCardLine[] = rows.map((r) => {
    const change = Number(r.yards_change_centi);
    balance += change;
    const valueE4 = Number(r.value_change_e4);
    value += valueE4;
    const line: StockCardLine = {
      lineId: r.line_id,
      date: r.transaction_date,
      transactionId: r.transaction_id,
      transactionNumber: r.transaction_number,
      transactionType: r.transaction_type,
      reference: r.reference_document,
      rollCode: r.roll_id === null ? null : formatRollCode(r.roll_id),
      rollId: r.roll_id,
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      batch: r.batch,
      yardsChange: centiToYards(change),
      balanceYards: centiToYards(balance),
      ...(r.corrects_number ? { correctsNumber: r.corrects_number } : {}),
    };
    if (withCost) {
      line.unitCost = r.unit_cost_e4 === null ? null : e4ToMoney(r.unit_cost_e4);
      line.valueAmount = e4ToMoney(valueE4);
    }
    return line;
  });
  const card: StockCard = {
    openingYards: centiToYards(openingCenti),
    lines,
    transactions: transactionsOfCard(lines),
    closingYards: centiToYards(balance),
  };
  if (withCost) {
    card.openingValue = e4ToMoney(openingE4);
    card.closingValue = e4ToMoney(value);
  }
  return card;
}
