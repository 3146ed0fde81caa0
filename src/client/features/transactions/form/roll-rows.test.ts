import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../../../../scripts/lib/i18n-catalogs";
import { provideCatalog } from "../../../i18n/store";
import type { TransactionDraft } from "./draft";
import { emptyForm, toPayload } from "./form-model";
import {
  focusAfterScan,
  mixedLotSentences,
  printLabelsText,
  type RollForRow,
  rollIdsOf,
  rowOfRoll,
  rowsOfDraft,
  scanRefusal,
} from "./roll-rows";

// The messages are the English catalog's (src/client/i18n): the words the screens show.
provideCatalog("en", compileCatalog("en"));

const roll = (over: Partial<RollForRow> = {}): RollForRow => ({
  id: 123,
  code: "R000123",
  materialId: 7,
  typeName: "Cotton",
  batch: "L-1",
  lengthYards: 45.5,
  warehouseId: 1,
  warehouseName: "Main Store",
  status: "In Stock",
  ...over,
});

describe("a scanned roll on a transaction form", () => {
  it("becomes an item of its material, batch and roll; only a transfer takes its length", () => {
    const row = rowOfRoll(roll({ lengthYards: 30.25 }), "transfer");
    expect(row).toMatchObject({
      typeName: "Cotton",
      materialId: "7",
      batch: "L-1",
      yards: "30.25",
      rollId: "123",
      rolls: [],
    });
    expect(row.rowId).not.toBe(rowOfRoll(roll(), "transfer").rowId);
    // A scan never sets a quantity by itself (CONTRACT.md section 12): the yards wait for the clerk.
    for (const kind of ["production-usage", "waste", "return", "stock-opname"] as const) {
      expect(rowOfRoll(roll(), kind)).toMatchObject({
        materialId: "7",
        batch: "L-1",
        yards: "",
        rollId: "123",
      });
      expect(focusAfterScan(kind)).toBe("yards");
    }
    expect(focusAfterScan("transfer")).toBeNull();
    // Posted: the line names the roll; a count counts that roll.
    const values = {
      ...emptyForm("2024-03-05"),
      sourceWarehouseId: "1",
      destinationWarehouseId: "2",
      items: [row],
    };
    expect(toPayload("transfer", values, () => 100).items?.[0]).toMatchObject({
      materialId: 7,
      batch: "L-1",
      yards: 30.25,
      rollId: 123,
    });
    const counted = {
      ...values,
      warehouseId: "1",
      items: [{ ...rowOfRoll(roll(), "stock-opname"), yards: "30" }],
    };
    const count = toPayload("stock-opname", counted, () => 100).items?.[0];
    expect(count).toMatchObject({ materialId: 7, batch: "L-1", countedYards: 30, rollId: 123 });
    expect(count?.systemYards).toBeUndefined();
  });

  it("is refused when used up, of another warehouse, or already on the form, in that order", () => {
    const at = { warehouseId: "1", warehouseName: "Main Store", rows: [] };
    expect(scanRefusal(roll(), at)).toBeNull();
    expect(scanRefusal(roll(), { ...at, warehouseId: "" })).toBeNull();
    expect(scanRefusal(roll({ warehouseId: 2, warehouseName: "Annex" }), at)).toBe(
      "Roll R000123 is at Annex, not at Main Store.",
    );
    expect(scanRefusal(roll({ status: "Used Up", lengthYards: 0 }), at)).toBe("Roll R000123 is used up.");
    expect(scanRefusal(roll({ status: "Used Up", lengthYards: 0, warehouseId: 2 }), at)).toBe(
      "Roll R000123 is used up.",
    );
    expect(scanRefusal(roll(), { ...at, rows: [{ rollId: "" }, { rollId: "123" }] })).toBe(
      "Roll R000123 is already on this form.",
    );
    expect(scanRefusal(roll(), { ...at, rows: [{ rollId: "1234" }] })).toBeNull();
  });
});

describe("a draft from Find Fabric as the form's items", () => {
  const draft: TransactionDraft = {
    kind: "production-usage",
    warehouseId: 1,
    items: [
      { materialId: 7, batch: "L-1", yards: 40, rollId: 11 },
      { materialId: 7, batch: "L-1", yards: 10.1, rollId: 12 },
      { materialId: 9, batch: "B-9", yards: 5, rollId: null },
    ],
  };
  const rolls = new Map([
    [11, { materialId: 7, typeName: "Cotton", batch: "L-1" }],
    [12, { materialId: 7, typeName: "Cotton", batch: "L-1" }],
  ]);
  const types = new Map([
    [7, "Cotton"],
    [9, "Linen"],
  ]);

  it("fills material, type, batch, yards and roll of each item", () => {
    const rows = rowsOfDraft(
      draft,
      (id) => rolls.get(id),
      (id) => types.get(id),
    );
    expect(
      rows.map(({ typeName, materialId, batch, yards, rollId }) => [
        typeName,
        materialId,
        batch,
        yards,
        rollId,
      ]),
    ).toEqual([
      ["Cotton", "7", "L-1", "40", "11"],
      ["Cotton", "7", "L-1", "10.1", "12"],
      ["Linen", "9", "B-9", "5", ""],
    ]);
    expect(new Set(rows.map((r) => r.rowId)).size).toBe(3);
  });

  it("takes a roll's own material when the draft does not know it (a dye lot's rolls)", () => {
    const lot: TransactionDraft = {
      ...draft,
      items: [{ materialId: 0, batch: "L-1", yards: 3, rollId: 11 }],
    };
    expect(
      rowsOfDraft(
        lot,
        (id) => rolls.get(id),
        () => undefined,
      )[0],
    ).toMatchObject({
      typeName: "Cotton",
      materialId: "7",
      batch: "L-1",
      rollId: "11",
    });
    // A roll that could not be read: no material rather than material 0 (the rules then say so).
    expect(
      rowsOfDraft(
        lot,
        () => undefined,
        () => undefined,
      )[0],
    ).toMatchObject({ materialId: "", typeName: "" });
  });
});

describe("the dye-lot guard", () => {
  const name = (id: number) => (id === 7 ? "Cotton / Red" : "Linen / White");
  it("names each material taken from two or more batches, with its batches", () => {
    expect(
      mixedLotSentences(
        [
          { materialId: "7", batch: "L-1" },
          { materialId: "9", batch: "W-1" },
          { materialId: "7", batch: "L-2 " },
          { materialId: "7", batch: "L-1" },
          { materialId: "9", batch: "W-1" },
        ],
        name,
      ),
    ).toEqual(["Cotton / Red comes from 2 dye lots: L-1, L-2. Shades may differ."]);
    expect(
      mixedLotSentences(
        [
          { materialId: "7", batch: "L-1" },
          { materialId: "", batch: "L-2" },
        ],
        name,
      ),
    ).toEqual([]);
  });
});

describe("labels of a receive", () => {
  it("lists each new roll once and says how many", () => {
    expect(rollIdsOf([{ rollId: 5 }, { rollId: null }, { rollId: 3 }, { rollId: 5 }])).toEqual([5, 3]);
    expect(printLabelsText(1)).toBe("Print labels (1 roll)");
    expect(printLabelsText(3)).toBe("Print labels (3 rolls)");
  });
});
