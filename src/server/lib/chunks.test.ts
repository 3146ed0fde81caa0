import { describe, expect, it } from "vitest";
import { chunksOf, MAX_BOUND_VALUES, readInChunks, rowsPerStatement } from "./chunks";

describe("chunks", () => {
  it("cuts a list into consecutive chunks in order, the last one shorter", () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([], 2)).toEqual([]);
    expect(chunksOf(Array.from({ length: 2500 }, (_, i) => i)).map((c) => c.length)).toEqual([
      1000, 1000, 500,
    ]);
    expect(() => chunksOf([1], 0)).toThrow();
  });

  it("keeps rows x columns under both engines' limits", () => {
    for (const columns of [1, 8, 11, 17, 40, 31_000]) {
      const rows = rowsPerStatement(columns);
      expect(rows).toBeGreaterThanOrEqual(1);
      if (columns <= MAX_BOUND_VALUES) expect(rows * columns).toBeLessThanOrEqual(MAX_BOUND_VALUES);
    }
    expect(MAX_BOUND_VALUES).toBeLessThan(32_766);
  });

  it("reads chunk by chunk, one at a time, and joins the rows in order", async () => {
    const seen: number[][] = [];
    const rows = await readInChunks(
      [1, 2, 3, 4, 5],
      async (chunk) => {
        seen.push(chunk);
        return chunk.map((n) => n * 10);
      },
      2,
    );
    expect(seen).toEqual([[1, 2], [3, 4], [5]]);
    expect(rows).toEqual([10, 20, 30, 40, 50]);
  });
});
