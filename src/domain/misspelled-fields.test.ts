import { describe, expect, it } from "vitest";
import { z } from "zod";
import { misspelledFieldsRefused } from "./misspelled-fields";

/**
 * A posting body's unknown fields are ignored, except a known field spelled another way: ignored,
 * `rollID` would post from any roll instead of the one named, so it is refused (400), naming both.
 */
const body = z.preprocess(
  misspelledFieldsRefused(["warehouseId", "items"], ["rollId", "unitCost"]),
  z.unknown(),
);
const issues = (v: unknown) =>
  body.safeParse(v).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("fields spelled another way than the posting's own", () => {
  it("refuses a header or item field that differs only in case, _, - or spaces, naming the one meant", () => {
    expect(
      issues({ warehouse_id: 2, items: [{ rollID: 7 }, { "unit-cost": 1, "Unit Cost": 2, UNITCOST: 3 }] }),
    ).toEqual([
      ["warehouse_id", 'Unknown field "warehouse_id": did you mean "warehouseId"?'],
      ["items.0.rollID", 'Unknown field "rollID": did you mean "rollId"?'],
      ["items.1.unit-cost", 'Unknown field "unit-cost": did you mean "unitCost"?'],
      ["items.1.Unit Cost", 'Unknown field "Unit Cost": did you mean "unitCost"?'],
      ["items.1.UNITCOST", 'Unknown field "UNITCOST": did you mean "unitCost"?'],
    ]);
  });

  it("ignores fields it does not know and takes its own, passing the body on unchanged", () => {
    const sent = {
      warehouseId: 2,
      comment: "x",
      items: [{ rollId: 7, unitCost: 1, colour: "red", roll: 3 }],
    };
    expect(body.parse(sent)).toBe(sent);
    expect(issues(sent)).toEqual([]);
  });

  it("reports them as zod custom issues, like the posting's other rules", () => {
    expect(body.safeParse({ warehouse_id: 2 }).error?.issues.map((i) => i.code)).toEqual(["custom"]);
  });

  it("checks an item's fields only against the item's names, and the header's against the header's", () => {
    expect(issues({ roll_id: 1, items: [{ warehouse_id: 2 }] })).toEqual([]);
  });

  it("leaves what is not an object to the posting's own schema", () => {
    for (const v of [
      null,
      undefined,
      5,
      "rollID",
      [{ rollID: 7 }],
      { items: null },
      { items: { rollID: 7 } },
      { items: [null, 5, "x"] },
    ]) {
      expect(issues(v), JSON.stringify(v)).toEqual([]);
    }
  });
});
