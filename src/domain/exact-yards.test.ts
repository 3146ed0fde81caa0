import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasAtMostTwoDecimals,
  MAX_BALANCE_CENTI,
  MAX_BALANCE_YARDS,
  yardsSchema,
  yardsToCenti,
} from "./yards";

/** CONTRACT.md section 1: "at most 2 places" is exact, by the number's shortest decimal form. */

describe("hasAtMostTwoDecimals", () => {
  it("accepts what prints with at most 2 decimals", () => {
    for (const v of [0, -0, 0.3, 12.25, 0.01, -3.25, 0.5 + 0.25, 1_000_000_000, 99_999_999.99, 1e21]) {
      expect(hasAtMostTwoDecimals(v), String(v)).toBe(true);
    }
  });

  it("refuses what prints with more, however close to a hundredth", () => {
    for (const v of [1e-9, 1e-7, -1e-7, 0.30000000000000004, 0.1 + 0.2, 1.005, 0.001, 12.251, 5e-324]) {
      expect(hasAtMostTwoDecimals(v), String(v)).toBe(false);
    }
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(hasAtMostTwoDecimals(v)).toBe(false);
    }
  });

  it("accepts every whole number of hundredths, which converts back to exactly those hundredths", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_BALANCE_CENTI, max: MAX_BALANCE_CENTI }), (centi) => {
        const yards = centi / 100;
        expect(hasAtMostTwoDecimals(yards)).toBe(true);
        expect(yardsToCenti(yards)).toBe(centi);
      }),
      { numRuns: 5000 },
    );
  });

  it("refuses every number with a third decimal", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
        fc.integer({ min: 1, max: 9 }),
        (tenths, digit) => {
          const milli = tenths * 10 + (tenths < 0 ? -digit : digit);
          expect(hasAtMostTwoDecimals(milli / 1000), String(milli / 1000)).toBe(false);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe("yardsSchema", () => {
  const issue = (v: unknown) => {
    const r = yardsSchema.safeParse(v);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it("refuses instead of rounding, with a clear message", () => {
    expect(issue(1e-9)).toBe("Yards may have at most 2 decimal places");
    expect(issue(0.30000000000000004)).toBe("Yards may have at most 2 decimal places");
    expect(issue("5")).toBe("Yards must be a number");
    expect(issue(1_000_000_000.01)).toBe("Yards are too large");
    expect(yardsSchema.parse(0.3)).toBe(0.3);
    expect(yardsSchema.parse(12.25)).toBe(12.25);
  });

  it("keeps the balance cap in step with the contract's 10,000,000,000 yards", () => {
    expect(MAX_BALANCE_YARDS).toBe(10_000_000_000);
    expect(MAX_BALANCE_CENTI).toBe(1_000_000_000_000);
  });
});
