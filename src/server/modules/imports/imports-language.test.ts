import { beforeAll, expect, it } from "vitest";
import type { Language, LengthUnit } from "../../../domain/length-units";
import { insertMaterial, insertWarehouse } from "../../test/fixtures";
import { csv, upload } from "../../test/imports-support";
import { describeEachDialect } from "../../test/test-context";

const NOW = new Date(2026, 10, 28, 12);

/**
 * CONTRACT.md sections 13 and 17: an export re-imports unchanged in any language; an export in
 * metres is refused by its header, because the import reads yards, and changes nothing.
 */
describeEachDialect(
  "importing exports written in Indonesian or in metres",
  (ctx) => {
    beforeAll(async () => {
      const db = ctx().db.kysely;
      await insertWarehouse(db, "Gudang Utama");
      await insertMaterial(db, "Katun", "Biru");
      const thresholds = await upload(
        ctx(),
        "thresholds",
        "commit",
        csv("Type,Color,Batch,Threshold (Yards)", "Katun,Biru,,200", "Katun,Biru,L-1,30"),
      );
      expect(thresholds.statusCode, thresholds.body).toBe(200);
      const rolls = await upload(
        ctx(),
        "opening-rolls",
        "commit",
        csv(
          "Type,Color,Batch,Warehouse,Length (Yards),Width (Inches)",
          "Katun,Biru,L-1,Gudang Utama,48.5,58",
        ),
      );
      expect(rolls.statusCode, rolls.body).toBe(200);
    });
    const readAs = async (language: Language, lengthUnit: LengthUnit) => {
      const res = await ctx().request({
        method: "PATCH",
        url: "/api/auth/me",
        payload: { language, lengthUnit },
        role: "admin",
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const exported = async (path: string, format: "csv" | "xlsx") => {
      const res = await ctx().request({ method: "GET", url: `/api/${path}?format=${format}`, role: "admin" });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload;
    };
    const thresholdRows = () =>
      ctx().db.kysely.selectFrom("thresholds").select(["batch", "threshold_yards"]).orderBy("id").execute();

    it("re-imports the Indonesian yards exports unchanged, as CSV and as XLSX", async () => {
      await readAs("id", "yd");
      const before = await thresholdRows();
      for (const format of ["csv", "xlsx"] as const) {
        const file = await exported("thresholds", format);
        expect(file.toString("utf8"), format).toContain(format === "csv" ? "Batas Stok (Yard)" : "");
        const res = await upload(ctx(), "thresholds", "commit", file, { filename: `t.${format}` });
        expect(res.json(), format).toMatchObject({
          errors: [],
          warnings: [],
          created: 0,
          updated: 0,
          unchanged: 2,
        });
        const rolls = await upload(ctx(), "opening-rolls", "preview", await exported("rolls", format), {
          filename: `r.${format}`,
        });
        expect(rolls.json(), format).toMatchObject({ rows: 1, errors: [], created: 1 });
        expect(rolls.json().warnings, format).toEqual([
          'Column "Kode" is not imported: the rolls get new codes; print their labels after the import.',
        ]);
      }
      expect(await thresholdRows()).toEqual(before);
    });

    it("refuses a metres export by its length header and changes nothing", async () => {
      const before = await thresholdRows();
      for (const [language, header] of [
        ["id", "Batas Stok (Meter)"],
        ["en", "Threshold (Metres)"],
      ] as const) {
        await readAs(language, "m");
        for (const format of ["csv", "xlsx"] as const) {
          const res = await upload(ctx(), "thresholds", "commit", await exported("thresholds", format), {
            filename: `t.${format}`,
          });
          expect(res.statusCode, `${language} ${format}`).toBe(400);
          expect(res.json().errors[0], `${language} ${format}`).toEqual({
            row: 1,
            column: header,
            message: `Column "${header}" is in metres; the import reads Threshold (Yards): export in yards to import it.`,
            code: "IMPORT_COLUMN_IN_METRES",
            params: { name: header, header: "Threshold (Yards)" },
          });
        }
      }
      expect(await thresholdRows()).toEqual(before);
    });
  },
  { now: () => NOW },
);
