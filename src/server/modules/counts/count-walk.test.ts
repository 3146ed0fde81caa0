import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageBins } from "./count-review";
import { rankBins } from "./counts.repository";

const natural = new Intl.Collator("en", { numeric: true });
const bin = fc.stringMatching(/^[ABab][- ]?0{0,2}\d{1,3}[ab]?$/);

describe("walk order of a count's bins", () => {
  it("ranks bins in the natural order (A-2 before A-10), whatever order they came in", () => {
    expect(rankBins(["A-10", "B-1", "A-2", "a-3", "A-02", "A-2"])).toEqual([
      "A-02",
      "A-2",
      "a-3",
      "A-10",
      "B-1",
    ]);
    fc.assert(
      fc.property(
        fc
          .array(bin, { maxLength: 40 })
          .chain((bins) =>
            fc.tuple(
              fc.constant(bins),
              fc.shuffledSubarray(bins, { minLength: bins.length, maxLength: bins.length }),
            ),
          ),
        ([bins, shuffled]) => {
          const ranked = rankBins(bins);
          expect(new Set(ranked)).toEqual(new Set(bins));
          for (let i = 1; i < ranked.length; i++) {
            expect(natural.compare(ranked[i - 1] as string, ranked[i] as string)).toBeLessThanOrEqual(0);
          }
          expect(rankBins(shuffled)).toEqual(ranked);
        },
      ),
    );
  });

  it("says which bins hold a page's lines and where the page starts in the first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 6 }), { maxLength: 12 }),
        fc.nat({ max: 40 }),
        fc.integer({ min: 1, max: 15 }),
        (sizes, offset, limit) => {
          const walk = sizes.map((wanted, i) => ({ bin: i === sizes.length - 1 ? null : `B-${i}`, wanted }));
          // Every wanted line spelled out, then the page cut from them.
          const lines = walk.flatMap((b) =>
            Array.from({ length: b.wanted }, (_, at) => ({ bin: b.bin, at })),
          );
          const page = lines.slice(offset, offset + limit);
          const got = pageBins(walk, offset, limit);
          expect(got.bins).toEqual([...new Set(page.map((l) => l.bin))]);
          if (page.length) expect(got.offsetInFirst).toBe(page[0]?.at);
        },
      ),
    );
  });
});
