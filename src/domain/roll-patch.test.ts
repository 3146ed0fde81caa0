import { describe, expect, it } from "vitest";
import { BIN_MAX, ROLL_MESSAGES, RollInputSchema, RollPatchSchema } from "./roll";

/** A roll's bin and width (CONTRACT.md section 8): set at receipt, changed by PATCH /api/rolls/{id}. */

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("a roll's bin", () => {
  it("holds up to 40 characters, and says so in its own words beyond", () => {
    expect(BIN_MAX).toBe(40);
    expect(RollInputSchema.parse({ lengthYards: 5, bin: ` ${"A".repeat(40)} ` }).bin).toBe("A".repeat(40));
    expect(messages(RollInputSchema.safeParse({ lengthYards: 5, bin: "A".repeat(41) }))).toEqual([
      ["bin", ROLL_MESSAGES.bin],
    ]);
    expect(messages(RollPatchSchema.safeParse({ bin: "A".repeat(41) }))).toEqual([
      ["bin", ROLL_MESSAGES.bin],
    ]);
    expect(ROLL_MESSAGES.bin).toBe("Bin must be at most 40 characters");
  });
});

describe("changing a roll: bin and width only", () => {
  it("takes bin and/or width, null or blank clearing them, and nothing else in the answer", () => {
    expect(RollPatchSchema.parse({ bin: " A-3 " })).toEqual({ bin: "A-3", widthInches: undefined });
    expect(RollPatchSchema.parse({ widthInches: 58.5 })).toEqual({ bin: undefined, widthInches: 58.5 });
    expect(RollPatchSchema.parse({ bin: null, widthInches: null })).toEqual({ bin: null, widthInches: null });
    expect(RollPatchSchema.parse({ bin: "  " })).toEqual({ bin: null, widthInches: undefined });
  });

  it("refuses a body that changes neither", () => {
    expect(messages(RollPatchSchema.safeParse({}))).toEqual([["", "Send bin and/or widthInches"]]);
  });

  it("refuses any other field by name, and a length as something only a posting changes", () => {
    expect(messages(RollPatchSchema.safeParse({ bin: "A", lengthYards: 100 }))).toEqual([
      ["lengthYards", "A roll's length changes only by a posting (a cut, a transfer or a count)"],
    ]);
    expect(messages(RollPatchSchema.safeParse({ widthInches: 60, batch: "B-2" }))).toEqual([
      ["batch", "Only bin and widthInches can be changed here"],
    ]);
    expect(RollPatchSchema.safeParse({ bin: "A", batch: "B-2" }).error?.issues.map((i) => i.code)).toEqual([
      "custom",
    ]);
    expect(messages(RollPatchSchema.safeParse({ bin: "A", ticketYards: 3 }))).toEqual([
      ["ticketYards", "A roll's length changes only by a posting (a cut, a transfer or a count)"],
    ]);
  });
});
