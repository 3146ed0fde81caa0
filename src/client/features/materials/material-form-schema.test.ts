import { describe, expect, it } from "vitest";
import { isMalformedYards, parseYards } from "../transactions/form/form-model";
import { MaterialFormSchema, REMNANT_BELOW_FORMAT, readRemnantBelow } from "./material-form-schema";

const base = { typeName: "Linen", colorName: "Ecru", colorCode: "" };
const read = (remnantBelowYards: string) => {
  const r = MaterialFormSchema.safeParse({ ...base, remnantBelowYards });
  return r.success
    ? r.data.remnantBelowYards
    : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the material form's Remnant below (yards), typed as text", () => {
  it("reads yards as the transaction forms do: digits and a dot", () => {
    expect(read("2.5")).toBe(2.5);
    expect(read(" 3 ")).toBe(3);
    expect(read("0")).toBe(0);
    expect(read(".75")).toBe(0.75);
    expect(read("100")).toBe(100);
  });

  it("refuses a decimal comma (never reads 2,5 as 25) and other text, once, with a clerk's words", () => {
    expect(REMNANT_BELOW_FORMAT).toBe("Enter yards as a number with a dot for decimals, such as 2.5");
    for (const text of ["2,5", "1,000", "1e3", "0x10", "3 yd", "+3"]) {
      expect(read(text), text).toEqual([`remnantBelowYards: ${REMNANT_BELOW_FORMAT}`]);
    }
  });

  it("says blank, negative, too many decimals and more than 100 yards with the domain's messages", () => {
    expect(read("")).toEqual(["remnantBelowYards: Remnant below must be a number of yards (0 or more)"]);
    expect(read("-1")).toEqual([
      "remnantBelowYards: Remnant below must be 0 or more yards (0 turns remnants off)",
    ]);
    expect(read("2.555")).toEqual(["remnantBelowYards: Remnant below may have at most 2 decimal places"]);
    for (const text of ["100.01", "1000000"]) {
      expect(read(text), text).toEqual([
        "remnantBelowYards: Remnant below must be 100 yards or less (a remnant is a short piece)",
      ]);
    }
  });
});

describe("the remnant field and the transaction forms read typed yards alike", () => {
  it("takes and refuses the same texts", () => {
    for (const text of [
      "12",
      " 12.5 ",
      ".5",
      "3.",
      "-2",
      "0",
      "",
      "  ",
      "1e3",
      "1E3",
      "0x10",
      "1,5",
      "2,5",
    ]) {
      const read = readRemnantBelow(text);
      expect(read === "malformed", text).toBe(isMalformedYards(text));
      if (read !== "malformed") expect(read, text).toBe(parseYards(text));
    }
    for (const text of ["Infinity", "1_000", "12 yd", "+5", "--1", "1.2.3", "."]) {
      expect(readRemnantBelow(text), text).toBe("malformed");
      expect(isMalformedYards(text), text).toBe(true);
    }
  });
});
