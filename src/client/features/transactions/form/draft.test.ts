import { describe, expect, it } from "vitest";
import { itemsCovering } from "./draft";

describe("items covering the yards needed", () => {
  const key = { materialId: 3, batch: "L-1" };
  it("takes whole rolls in order and cuts the last one, to the hundredth", () => {
    expect(
      itemsCovering(
        [
          { id: 1, lengthYards: 40 },
          { id: 2, lengthYards: 30.5 },
          { id: 3, lengthYards: 9 },
        ],
        50.1,
        key,
      ),
    ).toEqual([
      { ...key, yards: 40, rollId: 1 },
      { ...key, yards: 10.1, rollId: 2 },
    ]);
    expect(itemsCovering([{ id: 1, lengthYards: 0.3 }], 0.3, key)).toEqual([
      { ...key, yards: 0.3, rollId: 1 },
    ]);
    expect(itemsCovering([{ id: 1, lengthYards: 5 }], 0, key)).toEqual([]);
  });
});
