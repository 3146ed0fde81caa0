import { beforeAll, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { insertMaterial, insertSupplier, insertWarehouse } from "../../test/fixtures";
import { csv, upload } from "../../test/imports-support";
import { expectLedgerConsistent, post } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { MAX_IMPORT_ROWS } from "./read-sheet";

const NOW = new Date(2026, 10, 28, 12);
const HEADER = "Type,Color,Batch,Warehouse,Length (Yards),Ticket (Yards),Width (Inches),Bin,Received Date";
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);

type Cell = { value: string | number | Date; type?: unknown; rowSpan?: number; format?: string } | null;
const xlsx = (rows: Cell[][]) => writeXlsxFile(rows as never, { buffer: true });
const text = (value: string) => ({ value });
const num = (value: number) => ({ type: Number, value });

/** CONTRACT.md section 13: a bad opening-roll file gets a clear answer per row and changes nothing. */
describeEachDialect(
  "opening-roll files",
  (ctx) => {
    let supplierId = 0;
    let mainId = 0;
    let denim = 0;
    beforeAll(async () => {
      const db = ctx().db.kysely;
      mainId = await insertWarehouse(db, "Main");
      denim = await insertMaterial(db, "Denim", "Indigo");
      supplierId = await insertSupplier(db, "PT Sinar");
    });
    const count = async (table: "rolls" | "transactions") =>
      Number(
        (
          await ctx()
            .db.kysely.selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it("lists every bad cell with the forms' messages, as preview and as a refused commit", async () => {
      const file = csv(
        HEADER,
        "Denim,Indigo,D-1,Main,12.345,,,,",
        "Denim,Indigo,D-1,Main,10,,,,01/03/2025",
        "Denim,Indigo,D-1,Main,10,,,,2025-02-30",
        "Velvet,Ruby,V-1,Main,10,,,,",
        "Denim,Indigo,D-1,Depot,10,,,,",
        "Denim,Indigo,D-1,Main,=A1*2,,,,",
        "Denim,Indigo,D-1,Main,10,0,300,,",
        "Denim,Indigo,,Main,10,,,Shelf\u0007,",
        "Denim,Indigo,D-1,Main,10,,,,2026-12-25",
      );
      const preview = await upload(ctx(), "opening-rolls", "preview", file);
      expect(preview.statusCode, preview.body).toBe(200);
      const errors = preview
        .json()
        .errors.map(({ row, column, message }: { row: number; column: string; message: string }) => ({
          row,
          column,
          message,
        }));
      expect(errors).toEqual([
        { row: 2, column: "Length (Yards)", message: "Length (Yards) may have at most 2 decimal places." },
        {
          row: 3,
          column: "Received Date",
          message: 'Received Date must be a date written yyyy-MM-dd ("01/03/2025" is not).',
        },
        { row: 4, column: "Received Date", message: "Not a real calendar date" },
        {
          row: 5,
          column: "Type",
          message:
            'No material "Velvet / Ruby": create it first (Setup > Materials, or import materials), then import this file again.',
        },
        {
          row: 6,
          column: "Warehouse",
          message:
            'No warehouse "Depot": create it first (Setup > Warehouses, or import warehouses), then import this file again.',
        },
        {
          row: 7,
          column: "Length (Yards)",
          message: 'Length (Yards) holds a formula ("=A1*2"): type the value itself.',
        },
        { row: 8, column: "Ticket (Yards)", message: "A ticket length must be greater than 0" },
        { row: 8, column: "Width (Inches)", message: "Width must be between 1 and 200 inches" },
        { row: 9, column: "Batch", message: "All items must have a batch specified" },
        { row: 9, column: "Bin", message: "Must not contain control characters" },
        {
          row: 10,
          column: "Received Date",
          message: "The received date cannot be later than tomorrow (2026-11-29).",
        },
      ]);
      const commit = await upload(ctx(), "opening-rolls", "commit", file);
      expect(commit.statusCode).toBe(400);
      expect(commit.json()).toMatchObject({ code: "IMPORT_ERRORS", created: 0, transactionIds: [] });
      expect(await count("rolls")).toBe(0);
      expect(await count("transactions")).toBe(0);
    });

    it("reads XLSX dates as date cells and as serials, and names a merged cell's empty rows", async () => {
      const header = ["Type", "Color", "Batch", "Warehouse", "Length", "Received"].map(text);
      const fine = await xlsx([
        header,
        [text("Denim"), text("Indigo"), text("0042"), text("Main"), num(12.5), num(45717)],
        [
          text("Denim"),
          text("Indigo"),
          text("0042"),
          text("Main"),
          num(7),
          { type: Date, value: new Date("2025-03-02T00:00:00Z"), format: "yyyy-mm-dd" },
        ],
      ]);
      const preview = await upload(ctx(), "opening-rolls", "preview", fine, { filename: "f.xlsx" });
      expect(preview.json()).toMatchObject({ rows: 2, errors: [], created: 2 });

      const merged = await xlsx([
        header,
        [text("Denim"), text("Indigo"), text("0042"), { value: "Main", rowSpan: 2 }, num(12.5), null],
        [text("Denim"), text("Indigo"), text("0042"), null, num(3), null],
      ]);
      const res = await upload(ctx(), "opening-rolls", "commit", merged, { filename: "m.xlsx" });
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .errors.map(({ row, column, message }: { row: number; column: string; message: string }) => ({
            row,
            column,
            message,
          })),
      ).toEqual([
        {
          row: 3,
          column: "Warehouse",
          message: "Warehouse is required (a merged cell fills only its first row: fill every row).",
        },
      ]);
      const formula = await xlsx([
        header,
        [
          text("Denim"),
          text("Indigo"),
          text("0042"),
          text("Main"),
          { type: "Formula", value: "SUM(1,2)" },
          null,
        ],
      ]);
      const unreadable = await upload(ctx(), "opening-rolls", "commit", formula, { filename: "f.xlsx" });
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json()).toMatchObject({ code: "UNREADABLE_CELL" });
      expect(unreadable.json().message).toContain("Row 2, column 5");
      expect(await count("rolls")).toBe(0);
    });

    it("refuses files that are no sheet of rolls, and too many rows, changing nothing", async () => {
      const cases: [Uint8Array | string, number, string][] = [
        ["", 400, "EMPTY_FILE"],
        [csv(HEADER), 400, "NO_ROWS"],
        [PNG, 400, "NOT_A_SPREADSHEET"],
        [
          csv(HEADER, ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => "Denim,Indigo,D,Main,1,,,,")),
          413,
          "TOO_MANY_ROWS",
        ],
        [`${HEADER}\r\n${"x".repeat(21 * 1024 * 1024)}\r\n`, 413, "PAYLOAD_TOO_LARGE"],
      ];
      for (const [file, status, code] of cases) {
        const res = await upload(ctx(), "opening-rolls", "commit", file);
        expect(res.statusCode, code).toBe(status);
        expect(res.json().code, code).toBe(code);
      }
      expect(await count("rolls")).toBe(0);
    });

    it("lets a commit race a posting on the same stock key, and two commits of one file", async () => {
      const receive = await post(ctx(), "receive", {
        transactionDate: "2026-11-20",
        supplierId,
        warehouseId: mainId,
        items: [{ materialId: denim, batch: "R-1", yards: 10 }],
      });
      expect(receive.statusCode, receive.body).toBe(201);
      const file = csv(HEADER, "Denim,Indigo,R-1,Main,25,,,B-1,2026-11-01");
      const [first, usage, second] = await Promise.all([
        upload(ctx(), "opening-rolls", "commit", file),
        post(ctx(), "production-usage", {
          transactionDate: "2026-11-28",
          warehouseId: mainId,
          items: [{ materialId: denim, batch: "R-1", yards: -10 }],
        }),
        upload(ctx(), "opening-rolls", "commit", file),
      ]);
      expect(usage.statusCode, usage.body).toBe(201);
      const outcomes = [first, second].map((r) => (r.statusCode === 200 ? 200 : r.json().code)).sort();
      expect(outcomes).toEqual([200, "ALREADY_IMPORTED"]);
      const balance = await ctx()
        .db.kysely.selectFrom("balances")
        .select("yards_centi")
        .where("material_id", "=", denim)
        .where("batch", "=", "R-1")
        .executeTakeFirstOrThrow();
      expect(Number(balance.yards_centi)).toBe(2500);
      await expectLedgerConsistent(ctx().db.kysely);
    });
  },
  { now: () => NOW },
);
