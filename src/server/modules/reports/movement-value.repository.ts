import { type Kysely, sql } from "kysely";
import { e4ToMoney } from "../../../domain/money";
import {
  type MovementValueGroupBy,
  type MovementValueRow,
  materialGroupName,
} from "../../../domain/stock-value";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { lineSums, names, sortByGroup } from "./value-sums";

/**
 * GET /api/reports/movement-value: the lines of the transactions dated `startDate`..`endDate`
 * (inclusive) per transaction type, material or warehouse, signed like the yards (usage and waste
 * negative). Every group with a line in the period is listed, a net 0 included (transfers by type).
 */
export async function movementValueReport(
  db: Kysely<Database>,
  groupBy: MovementValueGroupBy,
  startDate: string,
  endDate: string,
): Promise<MovementValueRow[]> {
  const level = groupBy === "type" ? "transactionType" : groupBy;
  const period = sql<boolean>`t.transaction_date >= ${startDate} and t.transaction_date <= ${endDate}`;
  const [sums, known] = await Promise.all([
    lineSums(db, level, period),
    names(db, groupBy === "warehouse", groupBy === "material"),
  ]);
  const rows = sums.map((s): MovementValueRow => {
    const values = { totalYards: centiToYards(s.yards), valueAmount: e4ToMoney(s.value) };
    if (groupBy === "type") {
      const type = s.transactionType ?? "";
      return { group: type, ...values, transactionType: type };
    }
    if (groupBy === "warehouse") {
      const id = s.warehouseId ?? 0;
      return { group: known.warehouses.get(id) ?? String(id), ...values, warehouseId: id };
    }
    const id = s.materialId ?? 0;
    const m = known.materials.get(id);
    return {
      group: m ? materialGroupName(m.type_name, m.color_name) : String(id),
      ...values,
      materialId: id,
    };
  });
  return sortByGroup(rows);
}
