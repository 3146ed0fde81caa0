import { describe, expect, it } from "vitest";
import { batchLookKey, batchSearchTerm, matchBatch, needsNewBatchConfirmation } from "./batch-match";

const existing = ["L-2611-7", "L-2611-70", "LOT-1"];

describe("typed batch against the material's batches", () => {
  it("knows a batch typed exactly (trimmed, as the server stores it)", () => {
    expect(matchBatch("L-2611-7", existing)).toEqual({ status: "known" });
    expect(matchBatch("  LOT-1 ", existing)).toEqual({ status: "known" });
    expect(needsNewBatchConfirmation({ status: "known" })).toBe(false);
  });

  it("offers the existing batch for one differing only in case or spacing", () => {
    for (const typed of ["l-2611-7", "L-2611 -7", "l - 2611 - 7", "L-2611\u200b-7", "Ｌ-2611-7"]) {
      expect(matchBatch(typed, existing)).toEqual({ status: "similar", suggestions: ["L-2611-7"] });
    }
    // Two look-alikes: both offered, sorted.
    expect(matchBatch("lot-1", ["LOT-1", "Lot-1", "LOT-2"])).toEqual({
      status: "similar",
      suggestions: ["LOT-1", "Lot-1"],
    });
    expect(needsNewBatchConfirmation({ status: "similar", suggestions: ["LOT-1"] })).toBe(true);
  });

  it("calls any other batch new, and says nothing about a blank one", () => {
    expect(matchBatch("L-2611-8", existing)).toEqual({ status: "new" });
    // Other characters are not spacing: L2611-7 and L_2611-7 are other codes.
    expect(matchBatch("L2611-7", existing)).toEqual({ status: "new" });
    expect(matchBatch("L_2611-7", existing)).toEqual({ status: "new" });
    expect(matchBatch("anything", [])).toEqual({ status: "new" });
    expect(matchBatch("   ", existing)).toEqual({ status: "empty" });
    expect(needsNewBatchConfirmation({ status: "new" })).toBe(true);
    expect(needsNewBatchConfirmation({ status: "empty" })).toBe(false);
  });

  it("compares by a key without case and spaces", () => {
    expect(batchLookKey(" L-2611 -7 ")).toBe("l-2611-7");
    expect(batchLookKey("B\u00a01")).toBe("b1");
  });

  it("searches the server by the longest run without spaces, which every look-alike contains", () => {
    expect(batchSearchTerm("L-2611 -7")).toBe("L-2611");
    expect(batchSearchTerm("l - 2611 - 7")).toBe("2611");
    expect(batchSearchTerm("LOT-1")).toBe("LOT-1");
    expect(batchSearchTerm("  ")).toBe("");
    // Whatever the run, each look-alike of the typed batch contains it, ignoring case.
    for (const typed of ["l-2611-7", "L-2611 -7", "l - 2611 - 7"]) {
      expect("L-2611-7".toLowerCase()).toContain(batchSearchTerm(typed).toLowerCase());
    }
  });
});
