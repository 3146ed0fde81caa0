import { afterEach, describe, expect, it } from "vitest";
import { compileCatalog } from "../../../../scripts/lib/i18n-catalogs";
import type { HistoryEntry } from "../../../domain/history";
import { provideCatalog, setLocale } from "../../i18n/store";
import { changeLines, changeTitle } from "./change-lines";

provideCatalog("en", compileCatalog("en"));
provideCatalog("id", compileCatalog("id"));
afterEach(() => setLocale({ language: "en", lengthUnit: "yd" }));

const entry = (action: HistoryEntry["action"], changes: HistoryEntry["changes"]): HistoryEntry => ({
  id: 1,
  action,
  changes,
  username: "admin",
  changedAt: "2026-11-24T12:00:00.000Z",
});

describe("history wording", () => {
  it("says what changed, from what to what", () => {
    const e = entry("update", { name: ["Main", "Main Store"], location: [null, "Dock 1"] });
    expect(changeTitle("warehouse", e)).toBe("Changed");
    expect(changeLines("warehouse", e)).toEqual(["Name: Main → Main Store", "Location: (none) → Dock 1"]);
  });

  it("names created, archived, restored and deleted records without repeating isActive", () => {
    const created = entry("create", { name: [null, "Main"], isActive: [null, true] });
    expect(changeTitle("warehouse", created)).toBe("Created");
    expect(changeLines("warehouse", created)).toEqual(["Name: Main"]);
    const archived = entry("archive", { isActive: [true, false] });
    expect([changeTitle("supplier", archived), changeLines("supplier", archived)]).toEqual(["Archived", []]);
    expect(changeTitle("material", entry("restore", { isActive: [false, true] }))).toBe("Restored");
    const deleted = entry("delete", { name: ["Main", null] });
    expect([changeTitle("warehouse", deleted), changeLines("warehouse", deleted)]).toEqual(["Deleted", []]);
  });

  it("words thresholds and users in the screens' terms", () => {
    const t = entry("update", { thresholdYards: [100, 1500], batch: [null, "B-1"] });
    expect(changeLines("threshold", t)).toEqual([
      "Threshold (Yards): 100.00 → 1,500.00",
      "Batch: All Batches → B-1",
    ]);
    expect(changeTitle("threshold", entry("update", { isActive: [true, false] }))).toBe("Deactivated");
    expect(changeTitle("user", entry("update", { isActive: [false, true] }))).toBe("Reactivated");
    const role = entry("update", { role: ["clerk", "viewer"] });
    expect(changeLines("user", role)).toEqual(["Role: Clerk → Viewer"]);
    const password = entry("update", { password: "changed" });
    expect([changeTitle("user", password), changeLines("user", password)]).toEqual(["Password changed", []]);
    const moved = entry("update", { materialId: [1, 2], colorName: ["Red", "Blue"] });
    expect(changeLines("threshold", moved)).toEqual(["Color: Red → Blue"]);
  });

  it("says a threshold in the user's unit and language, converting the yards the API keeps", async () => {
    await setLocale({ language: "id", lengthUnit: "m" });
    const t = entry("update", { thresholdYards: [100, 1500], batch: [null, "B-1"] });
    expect(changeTitle("threshold", t)).toBe("Diubah");
    // 100 yd = 91.44 m; 1,500 yd = 1,371.60 m.
    expect(changeLines("threshold", t)).toEqual([
      "Batas Stok (Meter): 91,44 → 1.371,60",
      "Lot: Semua Lot → B-1",
    ]);
  });
});
