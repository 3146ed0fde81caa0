import type { Kysely } from "kysely";
import { z } from "zod";
import { errorText } from "../../../domain/error-text";
import { type FindableRoll, lotsCovering, singleRollsCovering } from "../../../domain/find-fabric";
import type { FindFabricAnswer } from "../../../domain/find-fabric-wire";
import { formatRollCode } from "../../../domain/roll";
import { centiToYards, yardsSchema, yardsToCenti } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { oneOf, queryId } from "../../lib/list/list-query";
import { freeRolls } from "../allocation/free-yards";
import { listRollRows, rowToRoll } from "./rolls.repository";

/**
 * Find fabric (CONTRACT.md section 9): reads the material's rolls with free yards (optionally in one
 * warehouse: rolls_key_live_idx) from allocation/free-yards.ts, chooses in memory (domain/find-fabric.ts: one rule for both
 * answers, the fewest rolls then the least left over), and loads the full rows of the chosen single rolls.
 */
export async function findFabric(
  db: Kysely<Database>,
  query: { materialId: number; neededCenti: number; warehouseId?: number },
  withCost = false,
): Promise<FindFabricAnswer> {
  // Free yards only (CONTRACT.md section 15): what orders hold is not offered.
  const found = await freeRolls(db, { materialIds: [query.materialId], warehouseId: query.warehouseId });
  const names = new Map(found.map((r) => [r.warehouseId, r.warehouseName]));
  const lengths = new Map(found.map((r) => [r.id, r.lengthCenti]));
  const rolls: FindableRoll[] = found.map((r) => ({
    id: r.id,
    batch: r.batch,
    warehouseId: r.warehouseId,
    lengthCenti: r.freeCenti,
    firstReceived: r.firstReceived,
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
        lengthYards: centiToYards(lengths.get(r.id) ?? r.lengthCenti),
        availableYards: centiToYards(r.lengthCenti),
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
