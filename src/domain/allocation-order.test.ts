import { describe, expect, it } from "vitest";
import { allocationOrder } from "./allocation-order";

describe("allocation order", () => {
  const byId = allocationOrder((r: { id: number; lengthCenti: number; firstReceived: string }) => r.id);

  it("takes the shortest roll first, then the earliest received, then the lowest id", () => {
    const rolls = [
      { id: 1, lengthCenti: 5000, firstReceived: "2024-01-01" },
      { id: 2, lengthCenti: 1200, firstReceived: "2024-03-01" },
      { id: 3, lengthCenti: 1200, firstReceived: "2024-02-01" },
      { id: 5, lengthCenti: 1200, firstReceived: "2024-02-01" },
      { id: 4, lengthCenti: 1200, firstReceived: "2024-02-01" },
    ];
    expect([...rolls].sort(byId).map((r) => r.id)).toEqual([3, 4, 5, 2, 1]);
  });

  it("compares received dates as dates, not by length of text", () => {
    const a = { id: 9, lengthCenti: 100, firstReceived: "2023-12-31" };
    const b = { id: 1, lengthCenti: 100, firstReceived: "2024-01-01" };
    expect(byId(a, b)).toBeLessThan(0);
    expect(byId(b, a)).toBeGreaterThan(0);
    expect(byId(a, a)).toBe(0);
  });
});
