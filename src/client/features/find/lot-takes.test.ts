import { describe, expect, it } from "vitest";
import type { FoundLot } from "../../../domain/find-fabric-wire";
import { lotTakes } from "./lot-takes";

const lot: FoundLot = {
  batch: "IN-1",
  warehouseId: 1,
  warehouseName: "Main Store",
  totalYards: 30,
  // R1 is 25 yd long, an order holds 15 of it.
  rolls: [
    { id: 1, code: "R000001", lengthYards: 25, availableYards: 10 },
    { id: 2, code: "R000002", lengthYards: 20, availableYards: 20 },
  ],
  leftoverYards: 5,
};

describe("lotTakes", () => {
  it("takes each roll's free yards, not its length, and pins the same takes", () => {
    const { items, pin } = lotTakes(lot, 25, 7);
    expect(items).toEqual([
      { materialId: 7, batch: "IN-1", rollId: 1, yards: 10 },
      { materialId: 7, batch: "IN-1", rollId: 2, yards: 15 },
    ]);
    expect(pin).toEqual({
      materialId: 7,
      yards: 25,
      batch: "IN-1",
      rolls: [
        { rollId: 1, rollCode: "R000001", batch: "IN-1", lengthYards: 25, yards: 10 },
        { rollId: 2, rollCode: "R000002", batch: "IN-1", lengthYards: 20, yards: 15 },
      ],
      leftoverYards: 5,
    });
  });

  it("stops at the yards asked: a roll not needed is not taken", () => {
    expect(lotTakes(lot, 8, 7).items).toEqual([{ materialId: 7, batch: "IN-1", rollId: 1, yards: 8 }]);
  });
});
