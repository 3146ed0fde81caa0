import { beforeAll, expect, it } from "vitest";
import { insertMaterial, insertSupplier, insertWarehouse } from "../../test/fixtures";
import { postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** GET /api/transactions: `sort`/`order` (stable across pages) and the `q` search. Own database. */
describeEachDialect("sorting and searching transactions", (ctx) => {
  const ids: Record<string, number> = {};
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    const db = ctx().db.kysely;
    const acme = await insertSupplier(db, "Acme Mills");
    const zeta = await insertSupplier(db, "ÜBER Zeta");
    const main = await insertWarehouse(db, "Main");
    const annex = await insertWarehouse(db, "Annex");
    const twill = await insertMaterial(db, "Cotton Twill", "Navy");
    const linen = await insertMaterial(db, "Linen", "Sand");
    const p = async (name: string, kind: Parameters<typeof postOk>[1], body: Record<string, unknown>) => {
      const answer = await postOk(ctx(), kind, body);
      ids[name] = answer.header.id;
      numbers[name] = answer.header.transactionNumber;
    };
    const day = "2015-01-10";
    await p("a", "receive", {
      transactionDate: day,
      supplierId: acme,
      warehouseId: main,
      referenceDocument: "PO-100%",
      items: [{ materialId: twill, batch: "B-1", yards: 100 }],
    });
    await p("b", "receive", {
      transactionDate: day,
      supplierId: zeta,
      warehouseId: main,
      referenceDocument: "PO_7",
      items: [
        { materialId: linen, batch: "LOT_A", yards: 50 },
        { materialId: twill, batch: "B-1", yards: 10 },
      ],
    });
    await p("c", "receive", {
      transactionDate: day,
      supplierId: acme,
      warehouseId: main,
      items: [{ materialId: twill, batch: "B-2", yards: 20 }],
    });
    await p("d", "production-usage", {
      transactionDate: "2015-01-11",
      warehouseId: main,
      items: [{ materialId: twill, batch: "B-1", yards: -5 }],
    });
    await p("e", "transfer", {
      transactionDate: "2015-01-11",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: linen, batch: "LOT_A", yards: 5 }],
    });
  });

  const list = async (query: string, expectedStatus = 200) => {
    const res = await ctx().request({ method: "GET", url: `/api/transactions?${query}`, role: "viewer" });
    expect(res.statusCode, res.body).toBe(expectedStatus);
    return res;
  };
  const names = async (query: string) => {
    const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    return (await list(query)).json().map((r: { id: number }) => byId[r.id]);
  };
  /** Every page of 2 in turn, joined: the same as one page of everything, no row twice or missing. */
  const paged = async (query: string) => {
    const pages = await Promise.all([0, 2, 4].map((offset) => names(`${query}&limit=2&offset=${offset}`)));
    return pages.flat();
  };

  it.each([
    ["sort=transactionDate&order=asc", ["a", "b", "c", "d", "e"]],
    ["sort=transactionDate&order=desc", ["e", "d", "c", "b", "a"]],
    ["order=asc", ["a", "b", "c", "d", "e"]],
    ["sort=transactionType", ["d", "a", "b", "c", "e"]],
    ["sort=transactionType&order=desc", ["e", "c", "b", "a", "d"]],
    // No reference: last in both directions.
    ["sort=referenceDocument&order=asc", ["a", "b", "c", "d", "e"]],
    ["sort=referenceDocument&order=desc", ["b", "a", "e", "d", "c"]],
    // The Supplier/Warehouse cell: Acme Mills, Main (d; e's source), ÜBER Zeta.
    ["sort=supplierName&order=asc", ["a", "c", "d", "e", "b"]],
    ["sort=supplierName&order=desc", ["b", "e", "d", "c", "a"]],
    // Items, not ledger lines: a, c, d and e (one transfer item, two lines) have one, b two.
    ["sort=detailsCount&order=asc", ["a", "c", "d", "e", "b"]],
    ["sort=detailsCount&order=DESC", ["b", "e", "d", "c", "a"]],
  ])("%s sorts, ties broken by date and id, pages in the same order", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
    expect(await paged(query)).toEqual(expected);
  });

  it("sorts by transaction number both ways", async () => {
    const byNumber = Object.keys(numbers).sort((x, y) => ((numbers[x] ?? "") < (numbers[y] ?? "") ? -1 : 1));
    expect(await names("sort=transactionNumber")).toEqual(byNumber);
    expect(await paged("sort=transactionNumber&order=desc")).toEqual([...byNumber].reverse());
  });

  it("keeps newest first without sort", async () => {
    expect(await names("")).toEqual(["e", "d", "c", "b", "a"]);
  });

  it("refuses an unknown sort column or order with 400", async () => {
    const unknown = await list("sort=typeName", 400);
    expect(unknown.json().issues).toMatchObject([
      {
        path: "sort",
        message:
          'Cannot sort by "typeName": sort by one of transactionDate, transactionNumber, transactionType, referenceDocument, supplierName, detailsCount',
      },
    ]);
    expect((await list("order=up", 400)).json().issues).toMatchObject([
      { path: "order", message: "Must be asc or desc" },
    ]);
    expect((await list("sort=transactionDate&sort=transactionType", 400)).json().issues[0].path).toBe("sort");
  });

  it.each([
    ["acme", ["c", "a"]], // supplier
    ["über", ["b"]], // supplier, case folded in any alphabet
    ["TWILL", ["d", "c", "b", "a"]], // a line's type
    ["sand", ["e", "b"]], // a line's color
    ["lot_a", ["e", "b"]], // a line's batch, case-insensitive
    ["b-2", ["c"]],
    ["po-1", ["a"]], // reference
    ["%", ["a"]], // % and _ are literal, not wildcards
    ["_", ["e", "b"]],
    ["  Sand  ", ["e", "b"]], // trimmed
  ])("q=%s finds what contains it", async (q, expected) => {
    const res = await list(`q=${encodeURIComponent(q)}`);
    expect(res.json().map((r: { id: number }) => Object.keys(ids).find((k) => ids[k] === r.id))).toEqual(
      expected,
    );
    expect(res.headers["x-total-count"]).toBe(String(expected.length));
  });

  it("q finds a transaction number in any case, with the other filters and paging", async () => {
    expect(await names(`q=${numbers.d?.toLowerCase()}`)).toEqual(["d"]);
    expect(await names("q=twill&type=receive&sort=transactionDate&order=asc&limit=2&offset=1")).toEqual([
      "b",
      "c",
    ]);
    const counts = await ctx().request({
      method: "GET",
      url: "/api/transactions/counts?q=acme",
      role: "viewer",
    });
    expect(counts.json()).toMatchObject({ Receive: 2, Transfer: 0, "Production Usage": 0 });
  });

  it("q matching nothing answers an empty list with X-Total-Count 0", async () => {
    const res = await list("q=nothing-like-this&limit=10");
    expect(res.json()).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
  });

  it("refuses a q over 100 characters or with a control character", async () => {
    expect((await list(`q=${"x".repeat(101)}`, 400)).json().issues[0].path).toBe("q");
    expect((await list("q=a%01b", 400)).json().issues[0].path).toBe("q");
    await list(`q=${"x".repeat(100)}`);
  });

  it("exports in the list's sort: CSV lines follow sort and order", async () => {
    const res = await list("format=csv&sort=supplierName&order=desc");
    const lines = res.body.trim().split(/\r?\n/).slice(1);
    const order = [...new Set(lines.map((l) => l.split(",")[0]))];
    expect(order).toEqual(["b", "e", "d", "c", "a"].map((n) => numbers[n]));
  });
});

/** Codes ignore the case of A-Z only, on both engines alike (list-sort.ts codeContains). */
describeEachDialect("searching codes with letters outside A-Z", (ctx) => {
  beforeAll(async () => {
    const db = ctx().db.kysely;
    const warehouseId = await insertWarehouse(db, "Main");
    const materialId = await insertMaterial(db, "Satin", "Ivory");
    await postOk(ctx(), "receive", {
      transactionDate: "2015-01-10",
      supplierId: await insertSupplier(db, "Acme"),
      warehouseId,
      items: [{ materialId, batch: "ÉCRU-b1", yards: 5 }],
    });
  });
  const count = async (path: string, q: string) => {
    const res = await ctx().request({
      method: "GET",
      url: `${path}?q=${encodeURIComponent(q)}`,
      role: "viewer",
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().length;
  };
  it.each([
    ["ÉCRU", 1],
    ["cru-B1", 1],
    ["écru", 0],
  ])("q=%s finds %i on the stock and transaction lists", async (q, expected) => {
    expect(await count("/api/stock-levels", q)).toBe(expected);
    expect(await count("/api/transactions", q)).toBe(expected);
  });
});
