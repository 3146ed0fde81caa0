import { beforeAll, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { checkArchivedStock } from "../../check/archive-check";
import { checkOnOrder } from "../../check/on-order-check";
import { insertMaterial, insertWarehouse } from "../../test/fixtures";
import { csv, upload } from "../../test/imports-support";
import { expectLedgerConsistent } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

// The server's clock: 28 November 2026, noon. Ages count from this date.
const NOW = new Date(2026, 10, 28, 12);

const HEADER =
  "Type,Color,Batch,Warehouse,Length (Yards),Ticket (Yards),Width (Inches),Bin,Unit Cost,Received Date";

/** CONTRACT.md section 13: opening rolls post one Stock Opname per warehouse, all or nothing. */
describeEachDialect(
  "importing opening rolls",
  (ctx) => {
    let main = 0;
    let annex = 0;
    let cotton = 0;
    beforeAll(async () => {
      const db = ctx().db.kysely;
      main = await insertWarehouse(db, "Main Warehouse");
      annex = await insertWarehouse(db, "Annex");
      cotton = await insertMaterial(db, "Cotton Twill", "Navy");
      await insertMaterial(db, "Linen", "Sage");
    });
    const get = async (url: string) => {
      const res = await ctx().request({ method: "GET", url, role: "admin" });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const rollCount = async () =>
      Number(
        (
          await ctx()
            .db.kysely.selectFrom("rolls")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const file = csv(
      HEADER,
      "Cotton Twill,Navy,L-1,Main Warehouse,48.5,50,58,A-03,4.25,2025-03-01",
      "cotton twill,NAVY,L-1,main warehouse,30,,,A-04,4.25,2025-05-10",
      "Linen,Sage,S-9,Annex,12.75,13,60.5,,2.1234,",
      "Linen,Sage,S-9,Main Warehouse,20,,,,,2025-09-30",
    );

    it("previews without writing, then posts one opname per warehouse whose lines are the new rolls", async () => {
      const preview = await upload(ctx(), "opening-rolls", "preview", file, { filename: "shelves.csv" });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({
        kind: "opening-rolls",
        rows: 4,
        errors: [],
        created: 4,
        updated: 0,
        unchanged: 0,
        transactionIds: [],
      });
      // Row 3 spells the material and the warehouse differently: the same records, said so.
      expect(preview.json().warnings).toEqual([
        'Row 3 spells "cotton twill / NAVY" where row 2 has "Cotton Twill / Navy": both are taken as the same.',
        'Row 3 spells "main warehouse" where row 2 has "Main Warehouse": both are taken as the same.',
      ]);
      expect(await rollCount()).toBe(0);

      const commit = await upload(ctx(), "opening-rolls", "commit", file, { filename: "shelves.csv" });
      expect(commit.statusCode, commit.body).toBe(200);
      const { transactionIds } = commit.json();
      expect(commit.json().created).toBe(4);
      expect(transactionIds).toHaveLength(2);

      const [first, second] = await Promise.all(
        transactionIds.map((id: number) => get(`/api/transactions/${id}`)),
      );
      // Main Warehouse first (lower id), dated its earliest received date.
      expect(first.header).toMatchObject({
        transactionType: "Stock Opname",
        transactionDate: "2025-03-01",
        warehouseName: "Main Warehouse",
        referenceDocument: "shelves.csv",
        notes: "Opening stock",
      });
      expect(
        first.details.map((d: { yardsChange: number; previousYards: number; countedYards: number }) => [
          d.yardsChange,
          d.previousYards,
          d.countedYards,
        ]),
      ).toEqual([
        [48.5, 0, 48.5],
        [30, 0, 30],
        [20, 0, 20],
      ]);
      // No received date: the roll came in on the day of the import.
      expect(second.header).toMatchObject({ transactionDate: "2026-11-28", warehouseName: "Annex" });

      const rolls = await get("/api/rolls?sort=code&order=asc");
      expect(
        rolls.map(
          (r: {
            code: string;
            batch: string;
            warehouseName: string;
            lengthYards: number;
            ticketYards: number | null;
            widthInches: number | null;
            bin: string | null;
            unitCost: number;
            firstReceived: string;
          }) => [
            r.batch,
            r.warehouseName,
            r.lengthYards,
            r.ticketYards,
            r.widthInches,
            r.bin,
            r.unitCost,
            r.firstReceived,
          ],
        ),
      ).toEqual([
        ["L-1", "Main Warehouse", 48.5, 50, 58, "A-03", 4.25, "2025-03-01"],
        ["L-1", "Main Warehouse", 30, null, null, "A-04", 4.25, "2025-05-10"],
        ["S-9", "Main Warehouse", 20, null, null, null, 0, "2025-09-30"],
        ["S-9", "Annex", 12.75, 13, 60.5, null, 2.1234, "2026-11-28"],
      ]);

      // Aging reads the received date: L-1 ages from 2025-03-01, S-9 from its earliest roll.
      const aging = await get("/api/reports/aging");
      expect(aging.map((a: { batch: string; firstReceived: string }) => [a.batch, a.firstReceived])).toEqual([
        ["L-1", "2025-03-01"],
        ["S-9", "2025-09-30"],
      ]);
      // Stock as of a date after a roll's receipt includes it; before the first receipt, nothing.
      const asOf = await get(`/api/stock-levels?asOf=2025-06-01&material=${cotton}`);
      expect(asOf.map((s: { batch: string; availableYards: number }) => [s.batch, s.availableYards])).toEqual(
        [["L-1", 78.5]],
      );
      expect(await get(`/api/stock-levels?asOf=2025-02-28&material=${cotton}`)).toEqual([]);
      // What `npm run check` proves (scripts/check.ts), on both engines.
      const db = ctx().db.kysely;
      await expectLedgerConsistent(db);
      expect(await checkArchivedStock(db)).toEqual([]);
      expect(await checkOnOrder(db)).toEqual([]);
      expect(main).toBeLessThan(annex);
    });

    it("refuses the same file twice with 409 ALREADY_IMPORTED naming the opnames, as CSV or as XLSX", async () => {
      const before = await rollCount();
      const again = await upload(ctx(), "opening-rolls", "commit", file, { filename: "again.csv" });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().code).toBe("ALREADY_IMPORTED");
      expect(again.json().message).toMatch(/\(OPN-2025-\d{5}, OPN-2026-\d{5}\)/);
      const preview = await upload(ctx(), "opening-rolls", "preview", file);
      expect(preview.json().warnings.at(-1)).toMatch(/^This file was imported already \(OPN-2025-/);

      const [, ...rows] = file.trim().split("\r\n");
      const sheet = [
        HEADER.split(",").map((value) => ({ value })),
        ...rows.map((r) =>
          r.split(",").map((v, i) => {
            if (v === "") return null;
            if ([4, 5, 6, 8].includes(i)) return { type: Number, value: Number(v) };
            if (i === 9) return { type: Date, value: new Date(`${v}T00:00:00Z`), format: "yyyy-mm-dd" };
            return { value: v };
          }),
        ),
      ];
      const xlsx = await writeXlsxFile(sheet, { buffer: true });
      const asXlsx = await upload(ctx(), "opening-rolls", "commit", xlsx, { filename: "shelves.xlsx" });
      expect(asXlsx.statusCode, asXlsx.body).toBe(409);
      expect(await rollCount()).toBe(before);
    });

    it("re-reads the rolls export and its own template without errors, as CSV and as XLSX", async () => {
      for (const format of ["csv", "xlsx"] as const) {
        const exported = await ctx().request({
          method: "GET",
          url: `/api/rolls?format=${format}`,
          role: "admin",
        });
        expect(exported.statusCode).toBe(200);
        const res = await upload(ctx(), "opening-rolls", "preview", exported.rawPayload, {
          filename: `rolls.${format}`,
        });
        expect(res.json(), format).toMatchObject({ rows: 4, errors: [], created: 4 });
        expect(res.json().warnings, format).toEqual([
          'Column "Code" is not imported: the rolls get new codes; print their labels after the import.',
        ]);
        const template = await ctx().request({
          method: "GET",
          url: `/api/imports/opening-rolls/template?format=${format}`,
        });
        expect(template.statusCode).toBe(200);
        const fromTemplate = await upload(ctx(), "opening-rolls", "preview", template.rawPayload, {
          filename: `t.${format}`,
        });
        expect(fromTemplate.json(), format).toMatchObject({ rows: 1, errors: [], warnings: [], created: 1 });
      }
    });

    it("reverses an opening opname like any other: its rolls back to 0, the ledger consistent", async () => {
      const opname = await ctx()
        .db.kysely.selectFrom("transactions")
        .select("id")
        .where("notes", "=", "Opening stock")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      const res = await ctx().request({
        method: "POST",
        url: `/api/transactions/${opname.id}/reverse`,
        payload: { reason: "Imported the wrong file" },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().details.every((d: { yardsChange: number }) => d.yardsChange < 0)).toBe(true);
      await expectLedgerConsistent(ctx().db.kysely);
    });
  },
  { now: () => NOW },
);
