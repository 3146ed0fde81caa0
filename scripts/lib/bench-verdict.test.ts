import { describe, expect, it } from "vitest";
import {
  formatTable,
  type MeasureDef,
  medianOf,
  normalise,
  type ReportRow,
  reportRow,
  verdict,
} from "./bench-verdict";

const atMost = (value: number) => ({ op: "<=" as const, value });
const atLeast = (value: number) => ({ op: ">=" as const, value });

describe("the bench's verdict", () => {
  it("passes a ms target met by more than 10%, is EDGE within 10% either side, fails beyond", () => {
    expect(verdict(17, atMost(20))).toBe("PASS");
    expect(verdict(19, atMost(20))).toBe("EDGE");
    expect(verdict(20, atMost(20))).toBe("EDGE");
    expect(verdict(21.8, atMost(20))).toBe("EDGE"); // 9% over
    expect(verdict(22.2, atMost(20))).toBe("FAIL"); // 11% over
  });

  it("includes both bounds of the band, floats and all", () => {
    expect(verdict(22, atMost(20))).toBe("EDGE");
    expect(verdict(18, atMost(20))).toBe("EDGE");
    expect(verdict(1.65, atMost(1.5))).toBe("EDGE");
    expect(verdict(1.66, atMost(1.5))).toBe("FAIL");
    expect(verdict(1.34, atMost(1.5))).toBe("PASS");
  });

  it("reads a lower bound the other way: the multi-roll rate's 80% line", () => {
    expect(verdict(81, atLeast(80))).toBe("EDGE");
    expect(verdict(78, atLeast(80))).toBe("EDGE");
    expect(verdict(72, atLeast(80))).toBe("EDGE");
    expect(verdict(71, atLeast(80))).toBe("FAIL");
    expect(verdict(89, atLeast(80))).toBe("PASS");
  });

  it("has no band for an exact target, and no verdict without a target or a figure", () => {
    expect(verdict(100, { ...atLeast(100), exact: true })).toBe("PASS");
    expect(verdict(99, { ...atLeast(100), exact: true })).toBe("FAIL");
    expect(verdict(5, undefined)).toBeNull();
    expect(verdict(Number.NaN, atMost(5))).toBeNull();
    expect(verdict(undefined, atMost(5))).toBeNull();
  });
});

describe("the bench's normalisation and medians", () => {
  it("reads a time at a 60 ms probe, a rate the other way, and leaves the rest", () => {
    expect(normalise(10, "time", 30)).toBe(20);
    expect(normalise(10, "time", 120)).toBe(5);
    expect(normalise(100, "rate", 30)).toBe(50);
    expect(normalise(84, "none", 30)).toBeNull();
    expect(normalise(undefined, "time", 30)).toBeNull();
    expect(normalise(10, "time", 0)).toBeNull();
  });

  it("takes the middle of the runs, the mean of the middle two for an even count, numbers only", () => {
    expect(medianOf([30, 10, 20])).toBe(20);
    expect(medianOf([40, 10, 30, 20])).toBe(25);
    expect(medianOf([null, 7, Number.NaN, undefined])).toBe(7);
    expect(medianOf([])).toBeNull();
  });

  const p95: MeasureDef = {
    label: "dashboard p95",
    unit: "ms",
    scaling: "time",
    target: atMost(10),
    pick: (r) => r.p95,
  };

  it("normalises a run by the mean of its probe before and after, and judges ms on that", () => {
    // 12 ms raw on a machine probing 80 then 100 (mean 90): 8 ms at 60, 20% under the target.
    const row = reportRow("sqlite", p95, [{ result: { p95: 12 }, probe: { before: 80, after: 100 } }]);
    expect(row.raw).toBe(12);
    expect(row.normalised).toBe(8);
    expect(row.verdict).toBe("PASS");
    // The same raw figure on a fast machine (probe 40 then 50, mean 45): 16 ms at 60: FAIL.
    const fast = reportRow("sqlite", p95, [{ result: { p95: 12 }, probe: { before: 40, after: 50 } }]);
    expect(fast.normalised).toBe(16);
    expect(fast.verdict).toBe("FAIL");
  });

  it("takes raw and normalised each as the median of its own runs", () => {
    const row = reportRow("postgres", p95, [
      { result: { p95: 10 }, probe: { before: 60, after: 60 } }, // normalised 10
      { result: { p95: 20 }, probe: { before: 120, after: 120 } }, // normalised 10
      { result: { p95: 6 }, probe: { before: 30, after: 30 } }, // normalised 12
    ]);
    expect(row.raw).toBe(10);
    expect(row.normalised).toBe(10);
    expect(row.runs).toEqual([10, 20, 6]);
    expect(row.normalisedRuns).toEqual([10, 10, 12]);
    expect(row.verdict).toBe("EDGE");
  });

  it("judges a ratio on its raw figure, never normalised", () => {
    const ratio: MeasureDef = {
      label: "multi-roll / same keys",
      unit: "%",
      scaling: "none",
      target: atLeast(80),
      pick: (r) => r.pct,
    };
    const row = reportRow("sqlite", ratio, [{ result: { pct: 70 }, probe: { before: 30, after: 30 } }]);
    expect(row.normalised).toBeNull();
    expect(row.verdict).toBe("FAIL");
  });
});

describe("the bench's table", () => {
  it("prints one row per engine and measure: target, raw, normalised, verdict", () => {
    const rows: ReportRow[] = [
      {
        engine: "sqlite",
        measure: "dashboard p95",
        unit: "ms",
        target: "<= 10 ms",
        raw: 12.345,
        normalised: 8,
        verdict: "PASS",
        runs: [12.345],
        normalisedRuns: [8],
      },
      {
        engine: "postgres",
        measure: "full list HTTP / raw",
        unit: "x",
        target: "<= 1.5x",
        raw: 1.6,
        normalised: null,
        verdict: "EDGE",
        runs: [1.6],
        normalisedRuns: [null],
      },
    ];
    expect(formatTable(rows).split("\n")).toEqual([
      "| engine | measure | target | raw | normalised | verdict |",
      "|---|---|---|---|---|---|",
      "| sqlite | dashboard p95 (ms) | <= 10 ms | 12.3 | 8.0 | PASS |",
      "| postgres | full list HTTP / raw | <= 1.5x | 1.60x | - | EDGE |",
    ]);
  });
});
