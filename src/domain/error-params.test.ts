import { describe, expect, it } from "vitest";
import { isLengthParam, saysUnit } from "./error-params";

/** A length in an error's params is named by its ending (CONTRACT.md section 17). */
describe("length params", () => {
  it("are the params named ...Yards or ...Yd, and only those", () => {
    expect(isLengthParam("shortYards")).toBe(true);
    expect(isLengthParam("requestedYd")).toBe(true);
    expect(isLengthParam("line")).toBe(false);
    // The ending decides, not a word inside the name.
    expect(isLengthParam("YardsLeft")).toBe(false);
    expect(isLengthParam("YdCount")).toBe(false);
  });

  it("are said with their unit when named ...Yards, as the figure alone when named ...Yd", () => {
    expect(saysUnit("shortYards")).toBe(true);
    expect(saysUnit("requestedYd")).toBe(false);
    expect(saysUnit("YardsLeft")).toBe(false);
  });
});
