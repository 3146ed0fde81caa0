import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  averageUnitCostE4,
  centiTimesE4ToE4,
  e4ToMoney,
  hasAtMostFourDecimals,
  isCurrencyCode,
  MAX_UNIT_COST,
  MAX_VALUE_E4,
  MONEY_SCALE,
  moneyToE4,
  unitCostSchema,
  valueChangeE4,
  valueE4,
} from "./money";

/** CONTRACT.md section 11 and decision 009: money in ten-thousandths, value follows the roll. */

const issues = (v: unknown) => {
  const r = unitCostSchema.safeParse(v);
  return r.success ? null : r.error.issues.map((i) => i.message);
};

/** Ten-thousandths up to the cap: every unit cost the schema must accept, as a count of e4. */
const unitCostE4 = fc.integer({ min: 0, max: MAX_UNIT_COST * MONEY_SCALE });
/** -0 and 0 are the same money (JSON writes both as 0). */
const plain = (n: number) => n + 0;

describe("a unit cost is money per yard: at least 0, at most 4 decimals, at most 1,000,000", () => {
  it("accepts every whole number of ten-thousandths up to the cap, and stores exactly those", () => {
    fc.assert(
      fc.property(unitCostE4, (e4) => {
        const cost = e4 / MONEY_SCALE;
        expect(issues(cost)).toBeNull();
        expect(moneyToE4(cost)).toBe(e4);
      }),
      { numRuns: 3000 },
    );
    for (const cost of [0, 0.0001, 0.1234, 4.1234, 12_345, 100_000, 999_999.9999, MAX_UNIT_COST]) {
      expect(issues(cost), String(cost)).toBeNull();
    }
  });

  it("refuses a fifth decimal, however it is written", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_UNIT_COST * MONEY_SCALE - 1 }),
        fc.integer({ min: 1, max: 9 }),
        (e4, fifth) => {
          const cost = (e4 * 10 + fifth) / (MONEY_SCALE * 10);
          expect(issues(cost)).toEqual(["Unit cost may have at most 4 decimal places"]);
        },
      ),
      { numRuns: 3000 },
    );
    // JSON may carry exponent notation: 1e-7 is 0.0000001, seven decimals.
    for (const cost of [1.23456, 0.00001, 1e-7, 2.5e-9, 0.1 + 0.2, 5e-324]) {
      expect(issues(cost), String(cost)).toEqual(["Unit cost may have at most 4 decimal places"]);
    }
  });

  it("refuses anything above 1,000,000 per yard, even by a ten-thousandth", () => {
    expect(MAX_UNIT_COST).toBe(1_000_000);
    for (const cost of [1_000_000.0001, 1_000_001, 2_000_000, 1e21]) {
      expect(issues(cost), String(cost)).toEqual(["Unit cost is too large"]);
    }
  });

  it("refuses a negative cost and what is not a number, saying which", () => {
    expect(issues(-0.0001)).toEqual(["Unit cost cannot be negative"]);
    expect(issues(-5)).toEqual(["Unit cost cannot be negative"]);
    for (const v of ["3", null, Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expect(issues(v), String(v)).toEqual(["Unit cost must be a number"]);
    }
  });
});

describe("hasAtMostFourDecimals counts the decimals of the shortest decimal form", () => {
  it("accepts whole numbers of any length, exponent-written large ones too", () => {
    for (const v of [0, -0, 7, 12_345, 1_000_000, 123_456_789_012, 1e21, -1e21, 4.1234, -4.1234]) {
      expect(hasAtMostFourDecimals(v), String(v)).toBe(true);
    }
  });

  it("refuses exponent-written tiny numbers and what has no decimal form", () => {
    for (const v of [1e-7, -1e-7, 1.5e-10, Number.MIN_VALUE, 4.12345]) {
      expect(hasAtMostFourDecimals(v), String(v)).toBe(false);
    }
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(hasAtMostFourDecimals(v), String(v)).toBe(false);
    }
  });
});

describe("the installation's currency is an ISO 4217 code", () => {
  it("knows the codes of the world's currencies", () => {
    for (const code of ["USD", "EUR", "IDR", "JPY", "GBP", "CHF"])
      expect(isCurrencyCode(code), code).toBe(true);
  });

  it("refuses what is no currency code: unknown, misspelled, lower case, padded", () => {
    for (const code of ["XYZ", "DOLLARS", "US", "USDX", "XUSD", "usd", " USD", "USD ", "", "U$D"]) {
      expect(isCurrencyCode(code), code).toBe(false);
    }
  });
});

describe("ten-thousandths and money", () => {
  it("turn ten-thousandths into the money they write, from a number, a BIGINT string or a bigint", () => {
    // Up to 15 digits every decimal is a double's shortest form, so the amount is written exactly.
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15 - 1), max: 10 ** 15 - 1 }), (e4) => {
        const digits = String(Math.abs(e4)).padStart(5, "0");
        const decimal = `${digits.slice(0, -4)}.${digits.slice(-4)}`.replace(/\.?0+$/, "");
        const money = e4ToMoney(e4);
        expect(plain(money)).toBe(Number(`${e4 < 0 ? "-" : ""}${decimal}`));
        expect(String(Math.abs(money))).toBe(decimal);
        expect(e4ToMoney(String(e4))).toBe(money);
        expect(e4ToMoney(BigInt(e4))).toBe(money);
      }),
      { numRuns: 3000 },
    );
  });

  it("turn a unit cost back into exactly its ten-thousandths", () => {
    fc.assert(
      fc.property(unitCostE4, (e4) => {
        expect(moneyToE4(e4ToMoney(e4))).toBe(e4);
      }),
      { numRuns: 3000 },
    );
    expect(MONEY_SCALE).toBe(10_000);
    expect(e4ToMoney(41234)).toBe(4.1234);
    expect(moneyToE4(4.1234)).toBe(41234);
  });

  it("the largest value is 2^53 - 1 ten-thousandths, an exact JSON number", () => {
    expect(MAX_VALUE_E4).toBe(2 ** 53 - 1);
    expect(e4ToMoney(MAX_VALUE_E4)).toBe(900_719_925_474.0991);
  });
});

/** The exact value of lengthCenti x unitCostE4 / 100, rounded half away from zero, in BigInt. */
function exactValueE4(lengthCenti: number, unitCostE4: number): bigint {
  const product = BigInt(lengthCenti) * BigInt(unitCostE4);
  const abs = product < 0n ? -product : product;
  const whole = abs / 100n;
  const rounded = abs % 100n >= 50n ? whole + 1n : whole;
  return product < 0n ? -rounded : rounded;
}

/** Up to 100,000 yards either way: with any unit cost the value stays an exact number. */
const centi = fc.integer({ min: -10_000_000, max: 10_000_000 });

describe("a roll's value: its length times its unit cost, half away from zero to a ten-thousandth", () => {
  it("is the exact product rounded half away from zero, past 2^53 too", () => {
    fc.assert(
      fc.property(centi, unitCostE4, (length, cost) => {
        expect(BigInt(valueE4(length, cost))).toBe(exactValueE4(length, cost));
      }),
      { numRuns: 3000 },
    );
    expect(valueE4(4550, 41234)).toBe(1876147); // 45.50 x 4.1234 = 187.6147
    expect(valueE4(3827, 41234)).toBe(1578025); // 157.802518
    expect(valueE4(1, 50)).toBe(1); // 0.01 x 0.005 = 0.00005 -> 0.0001
    expect(valueE4(1, 49)).toBe(0);
    // The product passes 2^53 and floats round it wrongly (...655); BigInt keeps it exact.
    expect(valueE4(10_000_000_008, 12_345_679)).toBe(1_234_567_900_987_654);
  });

  it("is symmetric: taking yards away is worth minus adding them, ties included", () => {
    fc.assert(
      fc.property(centi, unitCostE4, (length, cost) => {
        expect(plain(valueE4(-length, cost))).toBe(plain(-valueE4(length, cost)));
      }),
      { numRuns: 2000 },
    );
    expect(valueE4(-1, 50)).toBe(-1);
    expect(valueE4(-3, 50)).toBe(-2); // -0.00015 -> -0.0002
    expect(valueE4(-150, 1)).toBe(-2);
  });

  it("a roll's value is its opening value plus its value changes, however often it is cut", () => {
    fc.assert(
      fc.property(
        unitCostE4,
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        (cost, lengths) => {
          let value = valueE4(lengths[0] as number, cost);
          for (let i = 1; i < lengths.length; i++) {
            value += valueChangeE4(lengths[i - 1] as number, lengths[i] as number, cost);
          }
          expect(value).toBe(valueE4(lengths.at(-1) as number, cost));
        },
      ),
    );
    // 10 yd at 3.3333, cut to 6.67 yd: 33.333 -> 22.2331, a change of -11.0999.
    expect(valueChangeE4(1000, 667, 33333)).toBe(-110999);
    expect(valueChangeE4(667, 1000, 33333)).toBe(110999);
  });

  it("a database's sum of length x cost rounds the same way as one roll", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), unitCostE4, (length, cost) => {
        fc.pre(Math.abs(length * cost) <= Number.MAX_SAFE_INTEGER);
        expect(plain(centiTimesE4ToE4(length * cost))).toBe(plain(valueE4(length, cost)));
      }),
      { numRuns: 3000 },
    );
    expect(centiTimesE4ToE4(150)).toBe(2);
    expect(centiTimesE4ToE4(-150)).toBe(-2);
    expect(centiTimesE4ToE4(149)).toBe(1);
    expect(centiTimesE4ToE4(-149)).toBe(-1);
    expect(centiTimesE4ToE4(0)).toBe(0);
  });
});

describe("the average unit cost of rolls, weighted by their lengths", () => {
  const roll = fc.record({ lengthCenti: fc.integer({ min: 0, max: 100_000_000 }), unitCostE4 });

  it("lies between the cheapest and the dearest roll that holds yards", () => {
    fc.assert(
      fc.property(fc.array(roll, { minLength: 1, maxLength: 10 }), (rolls) => {
        const holding = rolls.filter((r) => r.lengthCenti > 0);
        fc.pre(holding.length > 0);
        const costs = holding.map((r) => r.unitCostE4);
        const average = averageUnitCostE4(rolls);
        expect(average).toBeGreaterThanOrEqual(Math.min(...costs));
        expect(average).toBeLessThanOrEqual(Math.max(...costs));
      }),
    );
  });

  it("is the exact weighted mean rounded half up, the cost itself when all rolls share it", () => {
    // 10 yd at 1 and 30 yd at 3: (10 + 90) / 40 = 2.5
    expect(
      averageUnitCostE4([
        { lengthCenti: 1000, unitCostE4: 10_000 },
        { lengthCenti: 3000, unitCostE4: 30_000 },
      ]),
    ).toBe(25_000);
    // 1 yd at 0.0001 and 1 yd at 0.0002: 0.00015 rounds up to 0.0002; 2 yd and 1 yd: 0.000133 -> 0.0001
    expect(
      averageUnitCostE4([
        { lengthCenti: 100, unitCostE4: 1 },
        { lengthCenti: 100, unitCostE4: 2 },
      ]),
    ).toBe(2);
    expect(
      averageUnitCostE4([
        { lengthCenti: 200, unitCostE4: 1 },
        { lengthCenti: 100, unitCostE4: 2 },
      ]),
    ).toBe(1);
    fc.assert(
      fc.property(
        unitCostE4,
        fc.array(fc.integer({ min: 1, max: 100_000_000 }), { minLength: 1 }),
        (cost, lengths) => {
          expect(averageUnitCostE4(lengths.map((lengthCenti) => ({ lengthCenti, unitCostE4: cost })))).toBe(
            cost,
          );
        },
      ),
    );
  });

  it("is 0 when the rolls hold no yards: a surplus roll of an empty batch costs nothing", () => {
    expect(averageUnitCostE4([])).toBe(0);
    expect(averageUnitCostE4([{ lengthCenti: 0, unitCostE4: 50_000 }])).toBe(0);
  });
});
