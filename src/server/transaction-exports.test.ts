import { beforeAll, expect, it } from "vitest";
import { insertMaterial, insertSupplier, insertWarehouse } from "./test/fixtures";
import { exportHelpers, NOW, POSTED_AT, seedExports, TODAY } from "./test/support/exports";
import { postOk } from "./test/support/transactions";
import { describeEachDialect } from "./test/test-context";

/**
 * CSV and XLSX of the transaction history: one row per ledger line, filtered and paged as the list,
 * typed cells in XLSX, and a long export streamed. The data set: test/support/exports.ts.
 */
describeEachDialect(
  "CSV and XLSX exports",
  (ctx) => {
    let bandung = 0;
    let cotton = 0;

    beforeAll(async () => {
      ({ bandung, cotton } = await seedExports(ctx()));
    });
    const { get, csvLines, filename, sheetOf } = exportHelpers(ctx);

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
