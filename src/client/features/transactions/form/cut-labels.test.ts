import { describe, expect, it } from "vitest";
import { cutCandidates, cutRollIds } from "./cut-labels";

describe("labels follow cuts (CONTRACT.md section 12)", () => {
  it("offers the rolls a posting took part of, with the pieces a transfer cut off", () => {
    // Usage over three rolls: 4 used up, 5 and 6 cut.
    const usage = cutCandidates("production-usage", [
      { rollId: 4, yardsChange: -10 },
      { rollId: 5, yardsChange: -2.5 },
      { rollId: 6, yardsChange: -1 },
    ]);
    expect(usage).toEqual({ taken: [4, 5, 6], pieces: [] });
    const lengths = new Map([
      [4, 0],
      [5, 7.5],
      [6, 20],
    ]);
    expect(cutRollIds(usage, (id) => lengths.get(id))).toEqual([5, 6]);
    // A roll whose length could not be read is offered rather than forgotten.
    expect(cutRollIds(usage, () => undefined)).toEqual([4, 5, 6]);
  });

  it("on a transfer, a roll moved whole keeps its label; a cut one and its piece get new ones", () => {
    const transfer = cutCandidates("transfer", [
      { rollId: 7, yardsChange: -30 },
      { rollId: 7, yardsChange: 30 },
      { rollId: 8, yardsChange: -12 },
      { rollId: 9, yardsChange: 12 },
    ]);
    expect(transfer).toEqual({ taken: [8], pieces: [9] });
    expect(cutRollIds(transfer, (id) => (id === 8 ? 18 : 12))).toEqual([8, 9]);
  });

  it("cuts nothing on a receive or a count", () => {
    for (const kind of ["receive", "stock-opname"] as const)
      expect(cutCandidates(kind, [{ rollId: 1, yardsChange: -3 }])).toEqual({ taken: [], pieces: [] });
  });
});
