import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SupplierShortageRollSchema, SupplierShortageSchema, shortPercentOf } from "./supplier-shortage";

/** Supplier Shortages (CONTRACT.md section 8): how much less than their tickets a supplier's rolls held. */

describe("the short percentage: short yards over ticket yards, to 2 decimals", () => {
  it("is the share of the ticket that was missing", () => {
    expect(shortPercentOf(150, 1000)).toBe(15);
    expect(shortPercentOf(1, 3)).toBe(33.33);
    expect(shortPercentOf(2, 3)).toBe(66.67);
    expect(shortPercentOf(1000, 1000)).toBe(100);
    // More received than the ticket said: a negative shortage.
    expect(shortPercentOf(-100, 1000)).toBe(-10);
  });

  it("is 0 without ticket yards, rather than a division by zero", () => {
    expect(shortPercentOf(0, 0)).toBe(0);
    expect(shortPercentOf(500, 0)).toBe(0);
  });

  it("is within half a hundredth of a percent of the exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (ticket, share) => {
          const short = Math.floor((ticket * share) / 100);
          const percent = shortPercentOf(short, ticket);
          expect(Math.abs(percent - (short * 100) / ticket)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(Math.round(percent * 100)).toBeCloseTo(percent * 100, 6);
        },
      ),
    );
  });
});

describe("money on the shortage answers is for administrators only", () => {
  it("shortValue may be left out, and its documentation says so", () => {
    for (const schema of [SupplierShortageSchema, SupplierShortageRollSchema]) {
      expect(schema.shape.shortValue.safeParse(undefined).success).toBe(true);
      expect(schema.shape.shortValue.description).toMatch(/^Money: .* admins only$/);
      expect(schema.shape.ticketYards.safeParse(undefined).success).toBe(false);
    }
  });
});
