import type { Kysely } from "kysely";
import type { CountSheet } from "../../../domain/count";
import { formatRollCode } from "../../../domain/roll";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { rollsInScope, type SessionRow, sortByWalk } from "./counts.repository";

/**
 * The printable count sheet (issue 37 point 3): the rolls the session expects now, bin by bin (no
 * bin last), each bin's rolls by code; lengths only where the review shows expected yards.
 */
export async function countSheet(
  db: Kysely<Database>,
  session: SessionRow,
  showLengths: boolean,
): Promise<CountSheet> {
  const [rolls, warehouse] = await Promise.all([
    rollsInScope(db, session)
      .innerJoin("materials as m", "m.id", "rolls.material_id")
      .select([
        "rolls.id",
        "rolls.bin",
        "rolls.material_id",
        "m.type_name",
        "m.color_name",
        "rolls.batch",
        "rolls.length_centi",
      ])
      .execute(),
    db
      .selectFrom("warehouses")
      .select("name")
      .where("id", "=", session.warehouseId)
      .executeTakeFirstOrThrow(),
  ]);
  sortByWalk(
    rolls,
    (r) => r.bin,
    (r) => r.id,
  );
  const bins: CountSheet["bins"] = [];
  for (const r of rolls) {
    let last = bins[bins.length - 1];
    if (!last || last.bin !== r.bin) {
      last = { bin: r.bin, rolls: [] };
      bins.push(last);
    }
    last.rolls.push({
      rollId: r.id,
      rollCode: formatRollCode(r.id),
      materialId: r.material_id,
      typeName: r.type_name,
      colorName: r.color_name,
      batch: r.batch,
      ...(showLengths ? { lengthYards: centiToYards(r.length_centi) } : {}),
    });
  }
  return { number: session.number, warehouseName: warehouse.name, bins };
}
