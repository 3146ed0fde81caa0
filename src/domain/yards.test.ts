import { describe, expect, it } from "vitest";
import {
  centiToYards,
  formatSignedYards,
  formatYards,
  MAX_YARDS,
  positiveYardsSchema,
  yardsSchema,
  yardsToCenti,
} from "./yards";

/** CONTRACT.md section 1: yards on the wire, hundredths in the database, 2 decimals on screen. */

const issue = (v: unknown) => {
  const r = yardsSchema.safeParse(v);
  return r.success ? null : r.error.issues.map((i) => i.message);
};

describe("yardsSchema", () => {
  it("accepts up to MAX_YARDS (1,000,000,000) either way, and refuses one hundredth more", () => {
    expect(MAX_YARDS).toBe(1_000_000_000);
    expect(yardsSchema.parse(1_000_000_000)).toBe(1_000_000_000);
    expect(yardsSchema.parse(-1_000_000_000)).toBe(-1_000_000_000);
    expect(yardsSchema.parse(999_999_999.99)).toBe(999_999_999.99);
    expect(issue(1_000_000_000.01)).toEqual(["Yards are too large"]);
    expect(issue(-1_000_000_000.01)).toEqual(["Yards are too large"]);
    expect(issue(1e12)).toEqual(["Yards are too large"]);
  });

  it("words each refusal", () => {
    expect(issue("5")).toEqual(["Yards must be a number"]);
    expect(issue(null)).toEqual(["Yards must be a number"]);
    expect(issue(Number.NaN)).toEqual(["Yards must be a number"]);
    expect(issue(12.345)).toEqual(["Yards may have at most 2 decimal places"]);
    expect(yardsSchema.parse(0)).toBe(0);
  });
});

describe("positiveYardsSchema (yards a line asks for)", () => {
  const refusal = (v: unknown) => {
    const r = positiveYardsSchema.safeParse(v);
    return r.success ? null : r.error.issues.map((i) => i.message);
  };

  it("takes more than 0 up to MAX_YARDS, both ends' neighbours included", () => {
    expect(positiveYardsSchema.parse(0.01)).toBe(0.01);
    expect(positiveYardsSchema.parse(MAX_YARDS)).toBe(MAX_YARDS);
    expect(refusal(0)).toEqual(["Yards must be more than 0"]);
    expect(refusal(-5)).toEqual(["Yards must be more than 0"]);
    expect(refusal(MAX_YARDS + 0.01)).toEqual(["Yards are too large"]);
  });
});

describe("hundredths", () => {
  it("converts both ways exactly", () => {
    expect(yardsToCenti(12.5)).toBe(1250);
    expect(yardsToCenti(0.29)).toBe(29);
    expect(yardsToCenti(-3.25)).toBe(-325);
    expect(centiToYards(1250)).toBe(12.5);
    expect(centiToYards("-325")).toBe(-3.25);
    expect(centiToYards(159830n)).toBe(1598.3);
  });
});

describe("formatting (the domain's formatter: exactly 2 decimals, so columns line up)", () => {
  it("formats with thousands separators and exactly two decimals", () => {
    expect(formatYards(0)).toBe("0.00");
    expect(formatYards(1598.3)).toBe("1,598.30");
    expect(formatYards(1234567.25)).toBe("1,234,567.25");
    expect(formatYards(-3.25)).toBe("-3.25");
    expect(formatYards(1234.567)).toBe("1,234.57");
    expect(formatYards(10)).toBe("10.00");
  });

  it("shows a sign only on a positive change: 0 stays 0.00", () => {
    expect(formatSignedYards(0)).toBe("0.00");
    expect(formatSignedYards(5)).toBe("+5.00");
    expect(formatSignedYards(0.01)).toBe("+0.01");
    expect(formatSignedYards(-3.25)).toBe("-3.25");
    expect(formatSignedYards(1500)).toBe("+1,500.00");
  });
});
