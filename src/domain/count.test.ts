import { describe, expect, it } from "vitest";
import { CountEntryInputSchema, MAX_COUNT_SCOPE, PostCountSchema, StartCountSchema } from "./count";
import { MAX_YARDS } from "./yards";

/** Counting by roll (CONTRACT.md section 14): what a count's start, entry and post accept. */

function messages(schema: { safeParse(body: unknown): unknown }, body: unknown): string[] {
  const r = schema.safeParse(body) as { success: boolean; error?: { issues: { message: string }[] } };
  return r.success ? [] : (r.error?.issues ?? []).map((i) => i.message);
}

describe("StartCountSchema", () => {
  it("counts the whole warehouse blind unless told otherwise, and trims the bins named", () => {
    expect(StartCountSchema.parse({ warehouseId: 3 })).toEqual({ warehouseId: 3, blind: true, notes: null });
    expect(
      StartCountSchema.parse({ warehouseId: 3, bins: [" A-1 "], materialIds: [7], blind: false }),
    ).toMatchObject({
      bins: ["A-1"],
      materialIds: [7],
      blind: false,
    });
  });

  it("refuses an empty list of bins or materials (leave it out to count all), and more than the limit", () => {
    expect(messages(StartCountSchema, { warehouseId: 3, bins: [] })).toEqual([
      "List at least one bin, or leave bins out to count the whole warehouse",
    ]);
    expect(messages(StartCountSchema, { warehouseId: 3, materialIds: [] })).toEqual([
      "List at least one material, or leave materials out to count them all",
    ]);
    const many = Array.from({ length: MAX_COUNT_SCOPE + 1 }, (_, i) => i + 1);
    expect(messages(StartCountSchema, { warehouseId: 3, materialIds: many })).toHaveLength(1);
    expect(messages(StartCountSchema, { warehouseId: 3, materialIds: many.slice(1) })).toEqual([]);
  });

  it("refuses a bin of spaces only, or longer than a bin may be", () => {
    expect(messages(StartCountSchema, { warehouseId: 3, bins: ["   "] })).toEqual([
      "A bin must have a visible character",
    ]);
    expect(messages(StartCountSchema, { warehouseId: 3, bins: ["x".repeat(41)] })).toEqual([
      "A bin is at most 40 characters",
    ]);
    expect(messages(StartCountSchema, { warehouseId: 3, bins: ["x".repeat(40)] })).toEqual([]);
  });
});

describe("CountEntryInputSchema", () => {
  it("takes a labelled roll's counted yards: 0 or more, at most 2 decimals, not past the largest length", () => {
    expect(CountEntryInputSchema.parse({ rollId: 5, countedYards: 0 })).toEqual({
      rollId: 5,
      countedYards: 0,
    });
    expect(messages(CountEntryInputSchema, { rollId: 5, countedYards: MAX_YARDS })).toEqual([]);
    expect(messages(CountEntryInputSchema, { rollId: 5, countedYards: -0.01 })).toContain(
      "Counted yards must be 0 or more",
    );
    expect(messages(CountEntryInputSchema, { rollId: 5, countedYards: 1.005 })).toContain(
      "Counted yards may have at most 2 decimal places",
    );
    expect(messages(CountEntryInputSchema, { rollId: 5, countedYards: MAX_YARDS + 1 })).toContain(
      "Counted yards are too large",
    );
  });

  it("takes an unlabelled piece with a material, a visible batch and a length above 0; its bin is optional", () => {
    const piece = { materialId: 2, batch: " L-7 ", countedYards: 3.5 };
    expect(CountEntryInputSchema.parse({ unlabelled: piece })).toEqual({
      unlabelled: { materialId: 2, batch: "L-7", countedYards: 3.5 },
    });
    expect(CountEntryInputSchema.parse({ unlabelled: { ...piece, bin: " B2 " } })).toMatchObject({
      unlabelled: { bin: "B2" },
    });
    expect(messages(CountEntryInputSchema, { unlabelled: { ...piece, countedYards: 0 } })).toContain(
      "An unlabelled piece must have a length",
    );
    expect(messages(CountEntryInputSchema, { unlabelled: { ...piece, batch: "  " } })).toContain(
      "Batch is required",
    );
  });

  it("says what an entry may be when it is neither a roll nor an unlabelled piece", () => {
    const [message] = messages(CountEntryInputSchema, { countedYards: "ten", extra: 1 });
    expect(message).toMatch(/unlabelled/);
  });
});

describe("PostCountSchema", () => {
  it("keeps missing rolls unless told to zero them, and refuses anything else", () => {
    expect(PostCountSchema.parse({})).toEqual({ missing: "keep" });
    expect(PostCountSchema.parse({ missing: "zero" })).toEqual({ missing: "zero" });
    expect(messages(PostCountSchema, { missing: "drop" })).toEqual(['missing must be "zero" or "keep"']);
  });
});
