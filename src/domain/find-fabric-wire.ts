import { z } from "zod";
import { RollSchema } from "./roll";

/** GET /api/rolls/find (CONTRACT.md section 9): rolls that alone hold N yards, and dye lots that do together. */
export const FoundLotSchema = z.object({
  batch: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  totalYards: z.number(),
  /** The fewest rolls of the lot that together hold N, then the least left over; longest first. */
  rolls: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      lengthYards: z.number(),
      /** What orders do not hold of it (CONTRACT.md section 15): what a posting may take. */
      availableYards: z.number(),
    }),
  ),
  /** What those rolls hold beyond N (CONTRACT.md section 12). */
  leftoverYards: z.number(),
});
export type FoundLot = z.infer<typeof FoundLotSchema>;

/** A roll that holds N alone, and what it keeps beyond N (CONTRACT.md section 12). */
export const FoundRollSchema = RollSchema.extend({ leftoverYards: z.number() });
export type FoundRoll = z.infer<typeof FoundRollSchema>;

export const FindFabricSchema = z.object({
  singleRolls: z.array(FoundRollSchema),
  singleLots: z.array(FoundLotSchema),
});
export type FindFabricAnswer = z.infer<typeof FindFabricSchema>;
