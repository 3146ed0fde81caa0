import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyForm, emptyRow } from "./form-model";
import { readStoredDraft, removeStoredDraft, storedDraftKey, writeStoredDraft } from "./stored-draft";

/** The browser's localStorage, as a map (the unit tests run in Node). */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    get length() {
      return map.size;
    },
  };
}

beforeEach(() => vi.stubGlobal("localStorage", memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe("a transaction form's stored draft (CONTRACT.md section 12)", () => {
  const values = {
    ...emptyForm("2026-11-28"),
    supplierId: "3",
    warehouseId: "1",
    items: [
      {
        ...emptyRow(),
        typeName: "Cotton",
        materialId: "7",
        batch: "L-1",
        rolls: [
          { lengthYards: "45.5", ticketYards: "46" },
          { lengthYards: "38", ticketYards: "" },
        ],
      },
    ],
  };

  it("is kept per user and per form kind, and comes back as typed", () => {
    const mine = storedDraftKey(1, "receive");
    writeStoredDraft(mine, values, new Date("2026-11-28T07:00:00Z"));
    expect(readStoredDraft(mine)).toEqual({ savedAt: "2026-11-28T07:00:00.000Z", values });
    expect(readStoredDraft(storedDraftKey(2, "receive"))).toBeNull();
    expect(readStoredDraft(storedDraftKey(1, "waste"))).toBeNull();
    removeStoredDraft(mine);
    expect(readStoredDraft(mine)).toBeNull();
  });

  it("is forgotten when nothing worth keeping is left, and never read from something else", () => {
    const key = storedDraftKey(1, "transfer");
    writeStoredDraft(key, values);
    writeStoredDraft(key, { ...values, items: [] });
    expect(localStorage.getItem(key)).toBeNull();
    // A note alone is worth keeping; a bare date and warehouse are not.
    writeStoredDraft(key, { ...emptyForm("2026-11-28"), notes: "for the Monday cut" });
    expect(readStoredDraft(key)?.values.notes).toBe("for the Monday cut");
    writeStoredDraft(key, { ...emptyForm("2026-11-28"), warehouseId: "1" });
    expect(readStoredDraft(key)).toBeNull();
    for (const junk of [
      "{",
      "null",
      "[]",
      '{"savedAt":1,"values":{}}',
      '{"savedAt":"x","values":{"items":3}}',
    ]) {
      localStorage.setItem(key, junk);
      expect(readStoredDraft(key), junk).toBeNull();
    }
  });

  it("completes a draft an older form stored with the fields it did not have", () => {
    const key = storedDraftKey(1, "production-usage");
    localStorage.setItem(
      key,
      JSON.stringify({
        savedAt: "2026-11-27T10:00:00Z",
        values: { warehouseId: "1", items: [{ rowId: "a", materialId: "7", batch: "L-1", yards: "5" }] },
      }),
    );
    const draft = readStoredDraft(key);
    expect(draft?.values.items[0]).toEqual({
      ...emptyRow(),
      rowId: "a",
      materialId: "7",
      batch: "L-1",
      yards: "5",
    });
    expect(draft?.values.notes).toBe("");
  });
});
