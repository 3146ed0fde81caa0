import { describe, expect, it } from "vitest";
import { MaterialInputSchema, remnantBelowSchema } from "./material";

const issues = (value: unknown) => {
  const r = remnantBelowSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("a material's remnant limit (remnantBelowYards)", () => {
  it("takes 0 (remnants off) up to 100 yards, with at most 2 decimals", () => {
    for (const value of [0, 0.5, 2.5, 3, 12.75, 99.99, 100]) expect(issues(value), String(value)).toEqual([]);
    expect(
      MaterialInputSchema.parse({ typeName: "Linen", colorName: "Ecru", remnantBelowYards: 100 }),
    ).toMatchObject({ remnantBelowYards: 100 });
  });

  it("refuses more than 100 yards, once, saying the most it may be: a remnant is a short piece", () => {
    const tooLarge = "Remnant below must be 100 yards or less (a remnant is a short piece)";
    for (const value of [100.01, 101, 250, 1_000_000, 1e12])
      expect(issues(value), String(value)).toEqual([tooLarge]);
  });

  it("keeps its other refusals", () => {
    expect(issues(-1)).toEqual(["Remnant below must be 0 or more yards (0 turns remnants off)"]);
    expect(issues(2.555)).toEqual(["Remnant below may have at most 2 decimal places"]);
    expect(issues("3")).toEqual(["Remnant below must be a number of yards (0 or more)"]);
    expect(issues(Number.NaN)).toEqual(["Remnant below must be a number of yards (0 or more)"]);
  });
});
