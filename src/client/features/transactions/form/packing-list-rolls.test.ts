import { afterEach, describe, expect, it } from "vitest";
import { compileCatalog } from "../../../../../scripts/lib/i18n-catalogs";
import { provideCatalog, setLocale } from "../../../i18n/store";
import { packingListFill } from "./packing-list-rolls";

provideCatalog("en", compileCatalog("en"));
provideCatalog("id", compileCatalog("id"));
afterEach(async () => {
  await setLocale({ language: "en", lengthUnit: "yd" });
});

const roll = (
  lengthYards: number,
  ticketYards: number | null,
  widthInches: number | null,
  bin: string | null,
) => ({
  row: 2,
  lengthYards,
  ticketYards,
  widthInches,
  bin,
});

describe("packingListFill", () => {
  it("gives the rows the list's yards in yards, and the width and bin the whole list shares", () => {
    const fill = packingListFill([roll(45.5, 46, 58, "A-01"), roll(38, null, 58, "A-01")], "en");
    expect(fill.rolls).toEqual([
      { lengthYards: "45.5", ticketYards: "46" },
      { lengthYards: "38", ticketYards: "" },
    ]);
    expect([fill.width, fill.bin, fill.mixedWidths, fill.mixedBins]).toEqual(["58", "A-01", [], []]);
  });

  it("converts the API's yards to metres with a decimal comma for an Indonesian reader in metres", async () => {
    await setLocale({ language: "id", lengthUnit: "m" });
    const fill = packingListFill([roll(100, 110, 57.5, null)], "id");
    // 100 yd = 91.44 m; 110 yd = 100.584 m, kept to the centimetre.
    expect(fill.rolls).toEqual([{ lengthYards: "91,44", ticketYards: "100,58" }]);
    expect(fill.width).toBe("57,5");
  });

  it("sets no width or bin when the rolls differ or some have none, and says which differ", () => {
    const fill = packingListFill([roll(40, null, 58, "A-01"), roll(41, null, 60, "A-02")], "en");
    expect([fill.width, fill.bin]).toEqual(["", ""]);
    expect(fill.mixedWidths).toEqual(["58", "60"]);
    expect(fill.mixedBins).toEqual(["A-01", "A-02"]);
    const partly = packingListFill([roll(40, null, 58, "A-01"), roll(41, null, null, null)], "en");
    expect([partly.width, partly.bin, partly.mixedWidths, partly.mixedBins]).toEqual(["", "", [], []]);
  });
});
