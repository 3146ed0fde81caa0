import { z } from "zod";
import { RollSchema } from "./roll";

/** GET /api/rolls/find (CONTRACT.md section 9): rolls that alone hold N yards, and dye lots that do together. */
export const FoundLotSchema = z.object({
  batch: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  totalYards: z.number(),
  /** The fewest rolls of the lot that together hold N, longest first. */
  rolls: z.array(z.object({ id: z.number().int(), code: z.string(), lengthYards: z.number() })),
});
export type FoundLot = z.infer<typeof FoundLotSchema>;

export const FindFabricSchema = z.object({
  singleRolls: z.array(RollSchema),
  singleLots: z.array(FoundLotSchema),
});
export type FindFabricAnswer = z.infer<typeof FindFabricSchema>;
