import { describe, expect, it } from "vitest";
import { machineProbe, percentile, summarize } from "./stats";

describe("bench statistics", () => {
  it("takes the nearest-rank percentile and summarizes samples in any order", () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(summarize(samples)).toEqual({ p50: 5, p95: 10, n: 10 });
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it("times the machine probe over work whose result is the same on every pass", () => {
    const a = machineProbe(2);
    const b = machineProbe(1);
    expect(a.ms).toBeGreaterThan(0);
    expect(Number.isFinite(a.ms)).toBe(true);
    expect(a.checksum).toBe(b.checksum);
    expect(a.checksum).toBeGreaterThan(0);
  });
});
