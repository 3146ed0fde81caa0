import { describe, expect, it } from "vitest";
import {
  THRESHOLD_MAX,
  ThresholdInputSchema,
  ThresholdSchema,
  ThresholdUpdateSchema,
  thresholdScopeLabel,
  thresholdTypeLabel,
} from "./threshold";

/** Spec section 5 and CONTRACT.md section 1: thresholds are whole yards >= 1. */

function messages(body: unknown, schema = ThresholdInputSchema) {
  const r = schema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
}

const valid = { materialId: 4, batch: "B-1", thresholdYards: 50 };

describe("ThresholdInputSchema", () => {
  it("accepts a batch-level and a type+color-level threshold, active unless said otherwise", () => {
    expect(ThresholdInputSchema.parse(valid)).toEqual({ ...valid, isActive: true });
    expect(ThresholdInputSchema.parse({ ...valid, batch: " B-1 ", isActive: false })).toEqual({
      ...valid,
      isActive: false,
    });
    for (const batch of [undefined, null, "", "   "]) {
      expect(ThresholdInputSchema.parse({ ...valid, batch }).batch, String(batch)).toBeNull();
    }
  });

  it("a missing or blank threshold is required (blank spaces included), anything else not a whole number >= 1 is not positive", () => {
    for (const thresholdYards of [undefined, null, "", "   ", "\t"]) {
      expect(messages({ ...valid, thresholdYards }), JSON.stringify(thresholdYards)).toEqual([
        ["thresholdYards", "Threshold value is required"],
      ]);
    }
    for (const thresholdYards of [0, -5, 1.5, "abc", "5", true, [5]]) {
      expect(messages({ ...valid, thresholdYards }), JSON.stringify(thresholdYards)).toEqual([
        ["thresholdYards", "Must be a positive number"],
      ]);
    }
    expect(ThresholdInputSchema.parse({ ...valid, thresholdYards: 1 }).thresholdYards).toBe(1);
  });

  it("caps the threshold at THRESHOLD_MAX", () => {
    expect(THRESHOLD_MAX).toBe(1_000_000_000);
    expect(ThresholdInputSchema.parse({ ...valid, thresholdYards: THRESHOLD_MAX }).thresholdYards).toBe(
      THRESHOLD_MAX,
    );
    expect(messages({ ...valid, thresholdYards: THRESHOLD_MAX + 1 })).toEqual([
      ["thresholdYards", "Threshold is too large"],
    ]);
  });

  it("words the material, batch and active-flag refusals", () => {
    for (const materialId of [undefined, 0, -1, 1.5]) {
      expect(messages({ ...valid, materialId }), String(materialId)).toEqual([
        ["materialId", "Material is required"],
      ]);
    }
    expect(messages({ ...valid, materialId: 2_147_483_648 })).toEqual([
      ["materialId", "That material does not exist."],
    ]);
    expect(messages({ ...valid, batch: "x".repeat(101) })).toEqual([
      ["batch", "Batch must be at most 100 characters"],
    ]);
    expect(ThresholdInputSchema.parse({ ...valid, batch: "x".repeat(100) }).batch).toHaveLength(100);
    expect(messages({ ...valid, isActive: "yes" })).toEqual([["isActive", "Must be true or false"]]);
  });

  it("PUT body: may repeat the id", () => {
    expect(ThresholdUpdateSchema.parse({ ...valid, id: 9 })).toEqual({ ...valid, id: 9, isActive: true });
    expect(ThresholdUpdateSchema.parse(valid).id).toBeUndefined();
    expect(messages({ ...valid, id: 0 }, ThresholdUpdateSchema)[0]?.[0]).toBe("id");
  });
});

describe("threshold labels and answers", () => {
  it("labels the level and the scope as the spec does", () => {
    expect(thresholdTypeLabel("B-001")).toBe("Batch Level");
    expect(thresholdTypeLabel(null)).toBe("Type+Color Level");
    expect(thresholdScopeLabel("B-001")).toBe("Batch B-001");
    expect(thresholdScopeLabel(null)).toBe("All Batches");
  });

  it("keeps every field of an answer row", () => {
    const row = {
      id: 1,
      materialId: 4,
      typeName: "Cotton",
      colorName: "Navy",
      batch: null,
      thresholdYards: 50,
      isActive: true,
    };
    expect(ThresholdSchema.parse(row)).toEqual(row);
  });
});
