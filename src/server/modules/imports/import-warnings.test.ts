import { beforeAll, expect, it } from "vitest";
import { watchUncoded } from "../../plugins/error-body";
import { insertMaterial, insertWarehouse } from "../../test/fixtures";
import { csv, upload } from "../../test/imports-support";
import { describeEachDialect } from "../../test/test-context";
import { codedWarnings } from "./coded-errors";

/**
 * Issue 35: an import's warnings carry a code and params beside the English `warnings` (CONTRACT.md
 * sections 13 and 17), so the screen says them in the reader's language.
 */
describeEachDialect(
  "import warnings by code",
  (ctx) => {
    beforeAll(async () => {
      const db = ctx().db.kysely;
      await insertWarehouse(db, "Main Warehouse");
      await insertMaterial(db, "Cotton Twill", "Navy");
    });

    const file = csv(
      "Code,Type,Color,Batch,Warehouse,Length (Yards),Remarks",
      "R-1,Cotton Twill,Navy,L-1,Main Warehouse,48.5,first shelf",
      "R-2,cotton twill,NAVY,L-1,main warehouse,30,",
    );

    it("answers each warning with its code and params, in the order of the English warnings", async () => {
      const preview = await upload(ctx(), "opening-rolls", "preview", file);
      expect(preview.statusCode, preview.body).toBe(200);
      const { warnings, warningDetails } = preview.json();
      expect(warningDetails).toEqual([
        {
          code: "IMPORT_COLUMN_NOT_IMPORTED",
          params: { name: "Remarks" },
          message: 'Column "Remarks" is not imported: no field of this kind is called that.',
        },
        {
          code: "IMPORT_ROLL_CODE_COLUMN",
          params: { name: "Code" },
          message:
            'Column "Code" is not imported: the rolls get new codes; print their labels after the import.',
        },
        {
          code: "IMPORT_SECOND_SPELLING",
          params: { row: "3", text: "cotton twill / NAVY", firstRow: "2", first: "Cotton Twill / Navy" },
          message:
            'Row 3 spells "cotton twill / NAVY" where row 2 has "Cotton Twill / Navy": both are taken as the same.',
        },
        {
          code: "IMPORT_SECOND_SPELLING",
          params: { row: "3", text: "main warehouse", firstRow: "2", first: "Main Warehouse" },
          message:
            'Row 3 spells "main warehouse" where row 2 has "Main Warehouse": both are taken as the same.',
        },
      ]);
      // The English field API clients read is unchanged: the same sentences, one for one.
      expect(warnings).toEqual(warningDetails.map((w: { message: string }) => w.message));
    });

    it("warns by code that a file was imported already, naming its opnames", async () => {
      const commit = await upload(ctx(), "opening-rolls", "commit", file);
      expect(commit.statusCode, commit.body).toBe(200);
      expect(commit.json().warningDetails).toHaveLength(4);
      const again = await upload(ctx(), "opening-rolls", "preview", file);
      expect(again.statusCode, again.body).toBe(200);
      const last = again.json().warningDetails.at(-1);
      expect(last).toEqual({
        code: "IMPORT_FILE_IMPORTED_ALREADY",
        params: { numbers: expect.stringMatching(/^OPN-2026-\d{5}$/) },
        message: `This file was imported already (${last.params.numbers}): a commit would be refused.`,
      });
      expect(again.json().warnings.at(-1)).toBe(last.message);
    });

    it("codes a master-data file's unknown column, and a packing list's", async () => {
      const materials = await upload(
        ctx(),
        "materials",
        "preview",
        csv("Type,Color,Supplier", "Denim,Indigo,X"),
      );
      expect(materials.statusCode, materials.body).toBe(200);
      expect(materials.json().warningDetails).toEqual([
        {
          code: "IMPORT_COLUMN_NOT_IMPORTED",
          params: { name: "Supplier" },
          message: 'Column "Supplier" is not imported: no field of this kind is called that.',
        },
      ]);
      const list = await ctx().request({
        method: "POST",
        url: "/api/imports/packing-list",
        payload: { text: "Length;Colour\n50;Red\n" },
        role: "clerk",
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toMatchObject({
        warnings: ['Column "Colour" is not imported: no field of this kind is called that.'],
        warningDetails: [{ code: "IMPORT_COLUMN_NOT_IMPORTED", params: { name: "Colour" } }],
      });
    });

    it("answers no warning details when there are no warnings", async () => {
      const clean = await upload(ctx(), "warehouses", "preview", csv("Name", "Annex"));
      expect(clean.json()).toMatchObject({ warnings: [], warningDetails: [] });
    });
  },
  { now: () => new Date(2026, 10, 28, 12) },
);

it("reports a warning the registry lacks as uncoded, so the server tests fail on it", () => {
  const seen: string[] = [];
  const unwatch = watchUncoded((message) => seen.push(message));
  try {
    expect(codedWarnings(["Something nobody registered."])).toEqual([
      {
        message: "Something nobody registered.",
        code: "UNCODED",
        params: { text: "Something nobody registered." },
      },
    ]);
  } finally {
    unwatch();
  }
  expect(seen).toEqual(["Something nobody registered."]);
});
