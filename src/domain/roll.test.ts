import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_ID } from "./common";
import { formatRollCode, parseRollCode, rollCodeRanges, rollStatusOf } from "./roll";

/** Codes are not stored (code = formatRollCode(id)): a code prefix filter is rollCodeRanges' id ranges. */

const MAX_DIGITS = 12;
const ID_LIMIT = 10 ** MAX_DIGITS; // ids below this have codes of at most MAX_DIGITS digits

const inRanges = (ranges: [number, number][] | null, id: number) =>
  ranges?.some(([from, to]) => id >= from && id < to) ?? false;

/** Ids of every code length, with the edges of each length (9, 10, 99999, 100000, 999999, 10^6...). */
const edgeIds = Array.from({ length: MAX_DIGITS }, (_, i) => 10 ** (i + 1)).flatMap((p) => [p - 1, p, p + 1]);
const idArb = fc.oneof(
  fc.integer({ min: 1, max: 2_000 }),
  fc.integer({ min: 1, max: 9_999_999 }),
  fc.integer({ min: 1, max: ID_LIMIT - 1 }),
  fc.constantFrom(...edgeIds.filter((id) => id >= 1 && id < ID_LIMIT)),
);

/** Spaces, then R or r or nothing... prefixes that may or may not be prefixes of a real code. */
const digitsArb = fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: MAX_DIGITS + 2 });
const prefixArb = fc.oneof(
  // A cut of a real code, in either case, maybe with spaces around.
  fc
    .tuple(idArb, fc.nat({ max: MAX_DIGITS + 1 }), fc.boolean(), fc.constantFrom("", " ", "  "))
    .map(([id, cut, lower, pad]) => {
      const code = formatRollCode(id).slice(0, cut);
      return `${pad}${lower ? code.toLowerCase() : code}${pad}`;
    }),
  // R and any digits (leading zeros, too many digits).
  digitsArb.map((d) => `R${d}`),
  digitsArb.map((d) => `r${d}`),
  // Anything: digits without R, other letters, signs.
  digitsArb,
  fc.string({ maxLength: 8 }),
  fc.constantFrom("", "R", "r", " ", "R-1", "R 1", "RR1", "R1.5", "R+1", "R0x1", "ROLL", "R١٢٣"),
);

describe("roll codes", () => {
  it("formats an id as R and at least 6 digits", () => {
    expect(formatRollCode(1)).toBe("R000001");
    expect(formatRollCode(123)).toBe("R000123");
    expect(formatRollCode(999999)).toBe("R999999");
    expect(formatRollCode(1000000)).toBe("R1000000");
    expect(formatRollCode(1234567)).toBe("R1234567");
  });

  it("parses a code (case and surrounding spaces ignored), and nothing that is no code", () => {
    expect(parseRollCode("R000123")).toBe(123);
    expect(parseRollCode(" r000123 ")).toBe(123);
    expect(parseRollCode("R1234567")).toBe(1234567);
    for (const text of [
      "",
      "R",
      "R123", // fewer than 6 digits
      "R0000123", // 7 digits with a leading zero: not the code of 123
      "R000000", // id 0
      "000123",
      "X000123",
      "XR000123", // something before the code
      "R000123X",
      "R 000123",
      "R-00012",
      "R00012.3",
      "R9999999999999999", // beyond safe integers
      "R2147483648", // beyond the largest id (32-bit on both engines)
    ]) {
      expect(parseRollCode(text), text).toBeNull();
    }
  });

  it("parses back every code it formats, and only that code names the id", () => {
    expect(parseRollCode(formatRollCode(MAX_ID))).toBe(MAX_ID);
    fc.assert(
      fc.property(idArb, (id) => {
        const code = formatRollCode(id);
        // No roll has an id beyond MAX_ID: its code is no roll's.
        const parsed = id <= MAX_ID ? id : null;
        expect(parseRollCode(code)).toBe(parsed);
        expect(parseRollCode(code.toLowerCase())).toBe(parsed);
        expect(parseRollCode(`  ${code}\t`)).toBe(parsed);
      }),
      { numRuns: 2000 },
    );
  });

  it("code prefix ranges: an id is in them exactly when its code starts with the prefix", () => {
    fc.assert(
      fc.property(idArb, prefixArb, (id, prefix) => {
        const ranges = rollCodeRanges(prefix, MAX_DIGITS);
        const starts = formatRollCode(id).startsWith(prefix.trim().toUpperCase());
        expect(inRanges(ranges, id), `id ${id}, prefix "${prefix}", ranges ${JSON.stringify(ranges)}`).toBe(
          starts,
        );
      }),
      { numRuns: 20_000 },
    );
  });

  it("code prefix ranges hold the ids whose own code was cut, and tell their neighbours apart", () => {
    fc.assert(
      fc.property(idArb, fc.nat({ max: MAX_DIGITS + 1 }), fc.boolean(), (id, cut, lower) => {
        const code = formatRollCode(id).slice(0, cut);
        const prefix = lower ? code.toLowerCase() : code;
        const ranges = rollCodeRanges(prefix, MAX_DIGITS);
        expect(inRanges(ranges, id), `id ${id}, prefix "${prefix}"`).toBe(true);
        for (const near of [id - 1, id + 1, id * 10, Math.floor(id / 10)]) {
          if (near < 1 || near >= ID_LIMIT) continue;
          expect(inRanges(ranges, near), `id ${near}, prefix "${prefix}"`).toBe(
            formatRollCode(near).startsWith(prefix.toUpperCase()),
          );
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it("code prefix ranges are few, sorted, disjoint and not touching, or null when no code can match", () => {
    fc.assert(
      fc.property(prefixArb, (prefix) => {
        const ranges = rollCodeRanges(prefix, MAX_DIGITS);
        if (ranges === null) return;
        expect(ranges.length).toBeGreaterThan(0);
        expect(ranges.length).toBeLessThanOrEqual(MAX_DIGITS - 5);
        for (const [i, [from, to]] of ranges.entries()) {
          expect(from).toBeGreaterThanOrEqual(1);
          expect(to).toBeGreaterThan(from);
          expect(to).toBeLessThanOrEqual(ID_LIMIT);
          const next = ranges[i + 1];
          if (next) expect(next[0]).toBeGreaterThan(to);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("answers null for a prefix no code can have, and one range for the usual prefixes", () => {
    for (const prefix of ["X", "R-", "R0000000", "0001", "R 1", "R1234567890123"]) {
      expect(rollCodeRanges(prefix, MAX_DIGITS), prefix).toBeNull();
    }
    expect(rollCodeRanges("R00001")).toEqual([[10, 20]]);
    expect(rollCodeRanges("R0001")).toEqual([[100, 200]]);
    expect(rollCodeRanges("r000123")).toEqual([[123, 124]]);
    expect(rollCodeRanges("R", 7)).toEqual([[1, 10_000_000]]);
    expect(rollCodeRanges("", 7)).toEqual([[1, 10_000_000]]);
    // R1: R1xxxxx (6 digits) and R1xxxxxx (7 digits).
    expect(rollCodeRanges("R1", 7)).toEqual([
      [100000, 200000],
      [1000000, 2000000],
    ]);
  });

  it("status: Used Up at 0, Remnant below the limit, else In Stock (0 turns remnants off)", () => {
    expect(rollStatusOf(0, 300)).toBe("Used Up");
    expect(rollStatusOf(1, 300)).toBe("Remnant");
    expect(rollStatusOf(299, 300)).toBe("Remnant");
    expect(rollStatusOf(300, 300)).toBe("In Stock");
    expect(rollStatusOf(1, 0)).toBe("In Stock");
  });
});
