import { beforeAll, expect, it } from "vitest";
import { insertMaterial, insertWarehouse } from "../../test/fixtures";
import { csv, upload } from "../../test/imports-support";
import { describeEachDialect } from "../../test/test-context";

/**
 * Issue 35: every row error of an import carries the code and params of its message beside the
 * English (CONTRACT.md sections 13 and 17), in a preview and in a refused commit's 400, so the
 * screen says it in the reader's language; a name, a number or a cell's text rides in the params.
 */
describeEachDialect(
  "import row errors by code",
  (ctx) => {
    beforeAll(async () => {
      const db = ctx().db.kysely;
      await insertWarehouse(db, "Main Warehouse");
      await insertMaterial(db, "Cotton Twill", "Navy");
    });

    const rolls = csv(
      "type,color,batch,warehouse,length",
      "Cotton Twill,Navy,L-1,Main Warehouse,lots",
      "Silk,Red,L-1,Main Warehouse,20",
      "Cotton Twill,Navy,L-1,Main Warehouse,12.345",
    );
    const expected = [
      {
        row: 2,
        column: "Length (Yards)",
        message: 'Length (Yards) must be a number ("lots" is not).',
        code: "IMPORT_CELL_TEXT_NOT_NUMBER",
        params: { column: "Length (Yards)", text: "lots" },
      },
      {
        row: 3,
        column: "Type",
        message:
          'No material "Silk / Red": create it first (Setup > Materials, or import materials), then import this file again.',
        code: "IMPORT_NO_SUCH_MATERIAL",
        params: { material: "Silk / Red" },
      },
      {
        row: 4,
        column: "Length (Yards)",
        message: "Length (Yards) may have at most 2 decimal places.",
        code: "IMPORT_CELL_DECIMALS",
        params: { column: "Length (Yards)" },
      },
    ];
    const rollCount = async () =>
      Number(
        (
          await ctx()
            .db.kysely.selectFrom("rolls")
            .select((e) => e.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it("answers an opening-rolls preview's row errors with their codes and params", async () => {
      const preview = await upload(ctx(), "opening-rolls", "preview", rolls);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().errors).toEqual(expected);
    });

    it("answers a refused commit's row errors coded alike, and writes nothing", async () => {
      const before = await rollCount();
      const commit = await upload(ctx(), "opening-rolls", "commit", rolls);
      expect(commit.statusCode, commit.body).toBe(400);
      expect(commit.json()).toMatchObject({
        code: "IMPORT_ERRORS",
        messageCode: "IMPORT_HAS_ERRORS",
        params: { count: "3" },
        errors: expected,
      });
      expect(await rollCount()).toBe(before);
    });

    it("codes a master-data file's row errors too, its cell's text in the params", async () => {
      const preview = await upload(
        ctx(),
        "thresholds",
        "preview",
        csv("Type,Color,Batch,Threshold (Yards)", "Cotton Twill,Navy,,many", "Linen,White,,5"),
      );
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().errors).toEqual([
        expect.objectContaining({
          row: 2,
          code: "IMPORT_CELL_TEXT_NOT_NUMBER",
          params: { column: "Threshold (Yards)", text: "many" },
        }),
        expect.objectContaining({
          row: 3,
          code: "IMPORT_NO_SUCH_MATERIAL",
          params: { material: "Linen / White" },
        }),
      ]);
    });
  },
  { now: () => new Date(2026, 10, 28, 12) },
);
