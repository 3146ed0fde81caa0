import type { LightMyRequestResponse } from "fastify";
import { readSheet } from "read-excel-file/node";
import { beforeAll, expect, it } from "vitest";
import { csvCell } from "./lib/csv";
import { expectLedgerConsistent, postOk } from "./modules/transactions/test-support";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "./test/fixtures";
import { describeEachDialect } from "./test/test-context";

// The server's clock: 22 Nov 2026, noon local time. File names carry its date; postings its instant.
const NOW = new Date(2026, 10, 22, 12, 0, 0);
const TODAY = "2026-11-22";
/** The instant of every posting as the CSV writes it: yyyy-MM-dd HH:mm:ss in UTC. */
const POSTED_AT = NOW.toISOString().slice(0, 19).replace("T", " ");
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The endpoints that answer CSV and XLSX (CONTRACT.md section 5). */
const EXPORTS = [
  "/api/warehouses",
  "/api/suppliers",
  "/api/materials",
  "/api/thresholds",
  "/api/stock-levels",
  "/api/reports/stock-status",
  "/api/reports/low-stock",
  "/api/reports/aging",
  "/api/transactions",
];

/**
 * CSV and XLSX of every list and report: the master-data lists, the stock list and reports, and the
 * transaction history (one row per ledger line). Master data is written straight into the database
 * so that names a spreadsheet would read as formulas can be tested whatever the input rules are.
 */
describeEachDialect(
  "CSV and XLSX exports",
  (ctx) => {
    let jakarta = 0;
    let bandung = 0;
    let cotton = 0;

    beforeAll(async () => {
      const db = ctx().db.kysely;
      jakarta = await insertWarehouse(db, "Jakarta", "=cmd|' /C calc'!A0");
      bandung = await insertWarehouse(db, "-Bandung, West");
      const acme = await insertSupplier(db, "@Acme Mills");
      await db.updateTable("suppliers").set({ contact_info: "+62 21 555" }).where("id", "=", acme).execute();
      await insertSupplier(db, "Batik Co");
      cotton = await insertMaterial(db, "Cotton", "Navy", "#000080");
      const silk = await insertMaterial(db, "Silk", '"Ivory", bright');
      await insertThreshold(db, cotton, 20);
      await insertThreshold(db, cotton, 5, "0012", false);
      await postOk(ctx(), "receive", {
        transactionDate: "2026-11-01",
        supplierId: acme,
        warehouseId: jakarta,
        referenceDocument: "PO-0007",
        items: [
          { materialId: cotton, batch: "0012", yards: 30.5 },
          { materialId: cotton, batch: "2026-01-02", yards: 12 },
          { materialId: silk, batch: "S1", yards: 8.25 },
        ],
      });
      await postOk(ctx(), "transfer", {
        transactionDate: "2026-11-10",
        sourceWarehouseId: jakarta,
        destinationWarehouseId: bandung,
        items: [{ materialId: cotton, batch: "0012", yards: 10 }],
      });
      await postOk(ctx(), "production-usage", {
        transactionDate: "2026-11-20",
        warehouseId: bandung,
        notes: "cutting room",
        items: [{ materialId: cotton, batch: "0012", yards: -2.5 }],
      });
      await expectLedgerConsistent(db);
    });

    const get = async (url: string, status = 200) => {
      const res = await ctx().request({ method: "GET", url, role: "viewer" });
      expect(res.statusCode, res.body).toBe(status);
      return res;
    };
    /** The CSV body as lines without the BOM (and the empty one after the last CRLF). */
    const csvLines = (res: LightMyRequestResponse) => {
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.body.startsWith("\uFEFF")).toBe(true);
      const lines = res.body.slice(1).split("\r\n");
      expect(lines.pop()).toBe("");
      return lines;
    };
    const filename = (res: LightMyRequestResponse) =>
      /^attachment; filename="([^"]+)"$/.exec(String(res.headers["content-disposition"]))?.[1];
    const sheetOf = async (res: LightMyRequestResponse) => {
      expect(res.headers["content-type"]).toBe(XLSX);
      return readSheet(res.rawPayload);
    };

    it("exports the warehouses, formula-like text escaped", async () => {
      const res = await get("/api/warehouses?format=csv");
      expect(filename(res)).toBe(`warehouses-${TODAY}.csv`);
      expect(csvLines(res)).toEqual([
        "ID,Name,Location",
        `${bandung},"'-Bandung, West",`,
        `${jakarta},Jakarta,'=cmd|' /C calc'!A0`,
      ]);
    });

    it("exports the suppliers and materials with the screens' columns", async () => {
      const suppliers = csvLines(await get("/api/suppliers?format=csv"));
      expect(suppliers[0]).toBe("ID,Name,Contact Information");
      expect(suppliers.slice(1).map((l) => l.replace(/^\d+,/, ""))).toEqual([
        "'@Acme Mills,'+62 21 555",
        "Batik Co,",
      ]);
      const materials = await get("/api/materials?format=csv");
      expect(filename(materials)).toBe(`materials-${TODAY}.csv`);
      expect(csvLines(materials).map((l) => l.replace(/^\d+,/, ""))).toEqual([
        "ID,Type,Color,Color Code",
        "Cotton,Navy,#000080",
        'Silk,"""Ivory"", bright",',
      ]);
    });

    it("exports the thresholds: type+color level with an empty batch, active or not", async () => {
      const res = await get("/api/thresholds?format=csv");
      expect(filename(res)).toBe(`thresholds-${TODAY}.csv`);
      expect(csvLines(res)).toEqual([
        "Type,Color,Batch,Threshold Type,Threshold (Yards),Status",
        "Cotton,Navy,,Type+Color Level,20,Active",
        "Cotton,Navy,0012,Batch Level,5,Inactive",
      ]);
    });

    it("answers the master-data lists as XLSX with typed cells", async () => {
      const warehouses = await get("/api/warehouses?format=xlsx");
      expect(filename(warehouses)).toBe(`warehouses-${TODAY}.xlsx`);
      expect(await sheetOf(warehouses)).toEqual([
        ["ID", "Name", "Location"],
        [bandung, "-Bandung, West", null],
        // A text cell is never a formula: it keeps the text as typed, unescaped.
        [jakarta, "Jakarta", "=cmd|' /C calc'!A0"],
      ]);
      const thresholds = await sheetOf(await get("/api/thresholds?format=xlsx"));
      expect(thresholds.slice(1)).toEqual([
        ["Cotton", "Navy", null, "Type+Color Level", 20, "Active"],
        ["Cotton", "Navy", "0012", "Batch Level", 5, "Inactive"],
      ]);
      // JSON stays the default, and format=json says so explicitly.
      expect((await get("/api/warehouses")).json()).toHaveLength(2);
      expect((await get("/api/warehouses?format=json")).json()).toHaveLength(2);
    });

    it("exports the transaction history with one row per ledger line", async () => {
      const res = await get("/api/transactions?format=csv");
      expect(filename(res)).toBe(`transactions-${TODAY}.csv`);
      // X-Total-Count still counts transactions, as the list does.
      expect(res.headers["x-total-count"]).toBe("3");
      const lines = csvLines(res);
      expect(lines[0]).toBe(
        "Transaction No.,Date,Type,Status,Reference,Reason,Supplier,Warehouse,Material Type,Color,Batch," +
          "Yards Change,Previous Yards,Counted Yards,Notes,Created By,Created At",
      );
      expect(lines.slice(1)).toEqual([
        `USE-2026-00001,2026-11-20,Production Usage,Completed,,,,"'-Bandung, West",Cotton,Navy,0012,-2.5,,,cutting room,clerk,${POSTED_AT}`,
        // A transfer item is two lines: out of the source, into the destination.
        `TRF-2026-00001,2026-11-10,Transfer,Completed,,,,Jakarta,Cotton,Navy,0012,-10,,,,clerk,${POSTED_AT}`,
        `TRF-2026-00001,2026-11-10,Transfer,Completed,,,,"'-Bandung, West",Cotton,Navy,0012,10,,,,clerk,${POSTED_AT}`,
        `RCV-2026-00001,2026-11-01,Receive,Completed,PO-0007,,'@Acme Mills,Jakarta,Cotton,Navy,0012,30.5,,,,clerk,${POSTED_AT}`,
        `RCV-2026-00001,2026-11-01,Receive,Completed,PO-0007,,'@Acme Mills,Jakarta,Cotton,Navy,2026-01-02,12,,,,clerk,${POSTED_AT}`,
        `RCV-2026-00001,2026-11-01,Receive,Completed,PO-0007,,'@Acme Mills,Jakarta,Silk,"""Ivory"", bright",S1,8.25,,,,clerk,${POSTED_AT}`,
      ]);
    });

    it("filters and pages the transaction history export as the list", async () => {
      const transfer = await get("/api/transactions?format=csv&type=transfer");
      expect(filename(transfer)).toBe(`transactions-type-transfer-${TODAY}.csv`);
      expect(
        csvLines(transfer)
          .slice(1)
          .map((l) => l.split(",").slice(0, 1)[0]),
      ).toEqual(["TRF-2026-00001", "TRF-2026-00001"]);
      const dated = await get(
        `/api/transactions?format=csv&startDate=2026-11-05&endDate=2026-11-30&warehouse=${bandung}`,
      );
      expect(filename(dated)).toBe(
        `transactions-from-2026-11-05-to-2026-11-30-warehouse-bandung-west-${TODAY}.csv`,
      );
      expect(csvLines(dated)).toHaveLength(1 + 3);
      // The page of transactions, then all their lines: the second transaction is the transfer.
      const page = await get("/api/transactions?format=csv&limit=1&offset=1");
      expect(page.headers["x-total-count"]).toBe("3");
      expect(
        csvLines(page)
          .slice(1)
          .map((l) => l.slice(0, 14)),
      ).toEqual(["TRF-2026-00001", "TRF-2026-00001"]);
      const material = await get(`/api/transactions?format=csv&material=${cotton}&batch=2026-01-02`);
      expect(filename(material)).toBe(`transactions-material-cotton-navy-batch-2026-01-02-${TODAY}.csv`);
      expect(csvLines(material)).toHaveLength(1 + 3);
    });

    it("answers the transaction history as XLSX: codes as text, dates as dates, yards as numbers", async () => {
      const res = await get("/api/transactions?format=xlsx&type=receive");
      expect(filename(res)).toBe(`transactions-type-receive-${TODAY}.xlsx`);
      const sheet = await sheetOf(res);
      expect(sheet).toHaveLength(1 + 3);
      const [number, date, type, , reference, , supplier, , , , batch, yards] = sheet[2] ?? [];
      expect([number, type, reference, supplier]).toEqual([
        "RCV-2026-00001",
        "Receive",
        "PO-0007",
        "@Acme Mills",
      ]);
      expect(date).toEqual(new Date("2026-11-01T00:00:00Z"));
      // A batch that looks like a date stays the text it is; "0012" keeps its zeros.
      expect(batch).toBe("2026-01-02");
      expect(sheet[1]?.[10]).toBe("0012");
      expect(yards).toBe(12);
      expect(sheet[3]?.[11]).toBe(8.25);
      // Created At is a date-time (to the second: spreadsheets keep fractions of a day).
      const createdAt = sheet[1]?.[16];
      expect(createdAt).toBeInstanceOf(Date);
      expect(Math.round((createdAt as unknown as Date).getTime() / 1000)).toBe(
        Math.round(NOW.getTime() / 1000),
      );
    });

    it("writes the stock list's timestamps as yyyy-MM-dd HH:mm:ss and its cells typed in XLSX", async () => {
      const csv = csvLines(await get(`/api/stock-levels?format=csv&warehouse=${jakarta}`));
      expect(csv).toEqual([
        "Type,Color,Batch,Warehouse,Available Yards,Status,Last Updated",
        `Cotton,Navy,0012,Jakarta,20.5,In Stock,${POSTED_AT}`,
        // Not low: Cotton's total at Jakarta, 32.5, is above its type+color threshold (20).
        `Cotton,Navy,2026-01-02,Jakarta,12,In Stock,${POSTED_AT}`,
        `Silk,"""Ivory"", bright",S1,Jakarta,8.25,In Stock,${POSTED_AT}`,
      ]);
      const res = await get(`/api/stock-levels?format=xlsx&warehouse=${jakarta}`);
      expect(filename(res)).toBe(`stock-levels-warehouse-jakarta-${TODAY}.xlsx`);
      const sheet = await sheetOf(res);
      expect(sheet.map((r) => r.slice(0, 6))).toEqual([
        ["Type", "Color", "Batch", "Warehouse", "Available Yards", "Status"],
        ["Cotton", "Navy", "0012", "Jakarta", 20.5, "In Stock"],
        ["Cotton", "Navy", "2026-01-02", "Jakarta", 12, "In Stock"],
        ["Silk", '"Ivory", bright', "S1", "Jakarta", 8.25, "In Stock"],
      ]);
      expect(sheet[0]?.[6]).toBe("Last Updated");
      expect(sheet[1]?.[6]).toBeInstanceOf(Date);
    });

    it("names the report files after their filters", async () => {
      const names = async (url: string) => {
        const [csv, xlsx] = await Promise.all([get(`${url}&format=csv`), get(`${url}&format=xlsx`)]);
        return [filename(csv), filename(xlsx)];
      };
      expect(await names(`/api/reports/stock-status?warehouse=${jakarta}`)).toEqual([
        `stock-status-warehouse-jakarta-${TODAY}.csv`,
        `stock-status-warehouse-jakarta-${TODAY}.xlsx`,
      ]);
      expect(await names(`/api/reports/stock-status?groupBy=warehouse&type=Cotton&lowStock=true`)).toEqual([
        `stock-status-by-warehouse-type-cotton-low-stock-${TODAY}.csv`,
        `stock-status-by-warehouse-type-cotton-low-stock-${TODAY}.xlsx`,
      ]);
      expect(await names(`/api/stock-levels?material=${cotton}&batch=0012`)).toEqual([
        `stock-levels-batch-0012-material-cotton-navy-${TODAY}.csv`,
        `stock-levels-batch-0012-material-cotton-navy-${TODAY}.xlsx`,
      ]);
      expect((await names(`/api/reports/low-stock?warehouseId=${bandung}`))[0]).toBe(
        `low-stock-warehouse-bandung-west-${TODAY}.csv`,
      );
      expect((await names("/api/reports/aging?type=Silk&ageGroup=New"))[0]).toBe(
        `inventory-aging-type-silk-age-new-${TODAY}.csv`,
      );
      // An id that names nothing stays the id; the list is then empty.
      expect((await names("/api/reports/low-stock?warehouse=999"))[0]).toBe(
        `low-stock-warehouse-999-${TODAY}.csv`,
      );
    });

    it("answers the reports as XLSX with the CSV's columns and rows", async () => {
      const aging = await sheetOf(await get("/api/reports/aging?format=xlsx&type=Cotton"));
      expect(aging[0]).toEqual([
        "Type",
        "Color",
        "Batch",
        "First Received",
        "Age (Days)",
        "Available Yards",
        "Status",
      ]);
      expect(aging.slice(1)).toEqual([
        ["Cotton", "Navy", "0012", new Date("2026-11-01T00:00:00Z"), 21, 28, "New"],
        ["Cotton", "Navy", "2026-01-02", new Date("2026-11-01T00:00:00Z"), 21, 12, "New"],
      ]);
      const grouped = await sheetOf(await get("/api/reports/stock-status?format=xlsx&groupBy=type"));
      expect(grouped).toEqual([
        ["Type", "Total Available Yards", "Number of Items"],
        ["Cotton", 40, 3],
        ["Silk", 8.25, 1],
      ]);
      const low = await get("/api/reports/low-stock?format=xlsx");
      const lowCsv = csvLines(await get("/api/reports/low-stock?format=csv"));
      const lowSheet = await sheetOf(low);
      // One row: Cotton, All Batches, at Bandung (7.5 <= 20).
      expect(lowSheet).toHaveLength(2);
      expect(lowSheet[1]?.slice(2, 4)).toEqual(["All Batches", "-Bandung, West"]);
      expect(lowSheet.map((r) => r.map((c) => csvCell(c as string | number | null)).join(","))).toEqual(
        lowCsv,
      );
    });

    it("refuses a format an endpoint does not support with 400 naming the formats", async () => {
      for (const url of EXPORTS) {
        const res = await get(`${url}?format=pdf`, 400);
        expect(res.json().issues, url).toEqual([
          { path: "format", message: 'Format "pdf" is not supported: use json, csv or xlsx' },
        ]);
        expect(res.json().message).toContain("json, csv or xlsx");
        // xlsx is accepted; the names are exact (CSV in capitals is another format).
        await get(`${url}?format=xlsx`, 200);
        expect((await get(`${url}?format=CSV`, 400)).json().issues[0].path).toBe("format");
      }
      // A repeated format is one too many.
      expect((await get("/api/warehouses?format=csv&format=xlsx", 400)).json().issues[0].path).toBe("format");
    });

    it("refuses any format but json on the endpoints that answer JSON only", async () => {
      const detail = (await get("/api/transactions?limit=1")).json()[0].id;
      const jsonOnly = [
        "/api/users",
        "/api/dashboard",
        "/api/transactions/counts",
        "/api/reports/aging/summary",
        `/api/transactions/${detail}`,
        "/api/auth/me",
      ];
      for (const url of jsonOnly) {
        const res = await ctx().request({ method: "GET", url: `${url}?format=csv`, role: "admin" });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().issues).toEqual([
          {
            path: "format",
            message: `Format "csv" is not supported: GET ${url.replace(/\/\d+$/, "/:id")} answers JSON only`,
          },
        ]);
        const json = await ctx().request({ method: "GET", url: `${url}?format=json`, role: "admin" });
        expect(json.statusCode, url).toBe(200);
      }
      // Signed out, the answer is still 401: access is checked first.
      const anonymous = await ctx().request({ method: "GET", url: "/api/users?format=csv", role: null });
      expect(anonymous.statusCode).toBe(401);
    });

    it("lets every role export and refuses anonymous requests", async () => {
      for (const url of EXPORTS) {
        for (const format of ["csv", "xlsx"]) {
          const res = await ctx().request({ method: "GET", url: `${url}?format=${format}`, role: null });
          expect(res.statusCode, url).toBe(401);
        }
      }
    });
  },
  { now: () => NOW },
);

describeEachDialect("a transaction history export of more than 1,000 lines", (ctx) => {
  it("is streamed 1,000 rows at a time, every line in order", async () => {
    const db = ctx().db.kysely;
    const [from, to] = [await insertWarehouse(db, "From"), await insertWarehouse(db, "To")];
    const material = await insertMaterial(db, "Canvas", "Ecru");
    const batches = Array.from({ length: 500 }, (_, i) => `C-${String(i).padStart(3, "0")}`);
    await postOk(ctx(), "receive", {
      transactionDate: "2026-03-01",
      supplierId: await insertSupplier(db, "Mill"),
      warehouseId: from,
      items: batches.map((batch) => ({ materialId: material, batch, yards: 4 })),
    });
    // 300 transfer items are 600 lines: 1,100 in all.
    await postOk(ctx(), "transfer", {
      transactionDate: "2026-03-02",
      sourceWarehouseId: from,
      destinationWarehouseId: to,
      items: batches.slice(0, 300).map((batch) => ({ materialId: material, batch, yards: 1.5 })),
    });
    const res = await ctx().request({ method: "GET", url: "/api/transactions?format=csv", role: "viewer" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    const lines = res.body.slice(1).split("\r\n");
    expect(lines).toHaveLength(1 + 1100 + 1);
    const cells = lines.slice(1, -1).map((l) => l.split(","));
    expect(cells.slice(0, 600).map((c) => [c[0], c[7], c[10], c[11]])).toEqual(
      batches.slice(0, 300).flatMap((batch) => [
        ["TRF-2026-00001", "From", batch, "-1.5"],
        ["TRF-2026-00001", "To", batch, "1.5"],
      ]),
    );
    expect(cells.slice(600).map((c) => [c[0], c[10], c[11]])).toEqual(
      batches.map((batch) => ["RCV-2026-00001", batch, "4"]),
    );
  });
});
