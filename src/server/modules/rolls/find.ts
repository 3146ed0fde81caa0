import { type Kysely, sql } from "kysely";
import { z } from "zod";
import { errorText } from "../../../domain/error-text";
import { type FindableRoll, lotsCovering, singleRollsCovering } from "../../../domain/find-fabric";
import type { FindFabricAnswer } from "../../../domain/find-fabric-wire";
import { formatRollCode } from "../../../domain/roll";
import { centiToYards, yardsSchema, yardsToCenti } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { oneOf, queryId } from "../../lib/list/list-query";
import { listRollRows, rowToRoll } from "./rolls.repository";

/**
 * Find fabric (CONTRACT.md section 9): reads the material's rolls with yards (optionally in one
 * warehouse: rolls_key_live_idx), chooses in memory (domain/find-fabric.ts: one rule for both
 * answers, the fewest rolls then the least left over), and loads the full rows of the chosen single rolls.
 */
export async function findFabric(
  db: Kysely<Database>,
  query: { materialId: number; neededCenti: number; warehouseId?: number },
  withCost = false,
): Promise<FindFabricAnswer> {
  let rows = db
    .selectFrom("rolls as r")
    .innerJoin("warehouses as w", "w.id", "r.warehouse_id")
    .select([
      "r.id",
      "r.batch",
      "r.warehouse_id",
      "w.name as warehouse_name",
      "r.length_centi",
      "r.first_received",
    ])
    .where("r.material_id", "=", query.materialId)
    // Not Used Up, as the key's index states it (migration 016).
    .where(sql<boolean>`r.status <> 'Used Up'`);
  if (query.warehouseId !== undefined) rows = rows.where("r.warehouse_id", "=", query.warehouseId);
  const found = await rows.execute();
  const names = new Map(found.map((r) => [r.warehouse_id, r.warehouse_name]));
  const rolls: FindableRoll[] = found.map((r) => ({
    id: r.id,
    batch: r.batch,
    warehouseId: r.warehouse_id,
    lengthCenti: Number(r.length_centi),
    firstReceived: r.first_received,
  }));
  const single = singleRollsCovering(rolls, query.neededCenti);
  const full =
    single.length === 0
      ? []
      : await listRollRows(db, { ids: single.map((r) => r.id), materialId: query.materialId });
  const byId = new Map(full.map((r) => [r.id, rowToRoll(r, withCost)]));
  return {
    singleRolls: single.flatMap((r) => {
      const roll = byId.get(r.id);
      return roll ? [{ ...roll, leftoverYards: centiToYards(r.lengthCenti - query.neededCenti) }] : [];
    }),
    singleLots: lotsCovering(rolls, query.neededCenti).map((lot) => ({
      batch: lot.batch,
      warehouseId: lot.warehouseId,
      warehouseName: names.get(lot.warehouseId) ?? "",
      totalYards: centiToYards(lot.totalCenti),
      rolls: lot.rolls.map((r) => ({
        id: r.id,
        code: formatRollCode(r.id),
        lengthYards: centiToYards(r.lengthCenti),
      })),
      leftoverYards: centiToYards(lot.leftoverCenti),
    })),
  };
}

/** Plain decimal digits only (CONTRACT.md section 1): Number() would also read "0x10", "1e3" or " 16 ". */
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

const yardsQuery = z.preprocess(
  (v) => (typeof v === "string" && PLAIN_DECIMAL.test(v) ? Number(v) : v),
  yardsSchema.refine((v) => v > 0, errorText("FIND_YARDS_POSITIVE")),
);

/** GET /api/rolls/find?material=ID&yards=N[&warehouse=ID]. */
export const FindFabricQuerySchema = z
  .object({
    material: queryId.describe("Material id (required)"),
    materialId: queryId.describe("Same as material"),
    yards: yardsQuery.describe("Yards needed, > 0, at most 2 decimals"),
    warehouse: queryId.describe("Only rolls in this warehouse"),
    warehouseId: queryId.describe("Same as warehouse"),
  })
  .transform((q, ctx) => {
    const materialId = oneOf(q, ["material", "materialId"], ctx);
    if (materialId === undefined)
      ctx.addIssue({ code: "custom", path: ["material"], message: errorText("MATERIAL_REQUIRED") });
    return {
      materialId: materialId ?? 0,
      neededCenti: yardsToCenti(q.yards),
      warehouseId: oneOf(q, ["warehouse", "warehouseId"], ctx),
    };
  });
