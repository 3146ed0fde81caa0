import { expect, it } from "vitest";
import { receiveOk, snapshot, TEST_DATE, twoOfEach } from "./test/support/transactions";
import { describeEachDialect, type TestContext } from "./test/test-context";

/** CONTRACT.md section 12, what outside tests found: answers kept by no cache, codes, dates, origins. */
describeEachDialect("API answers (issue 33)", (ctx) => {
  it("answers 404 for a roll code no roll can have, on both engines", async () => {
    for (const code of ["R2147483648", "R9999999999", "R000000", "R2147483648000"]) {
      const res = await ctx().request({ method: "GET", url: `/api/rolls/by-code/${code}`, role: "viewer" });
      expect(res.statusCode, `${code}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
    }
  });

  it("marks every /api answer Cache-Control: no-store, errors included", async () => {
    const answers = [
      await ctx().request({ method: "GET", url: "/api/health", role: null }),
      await ctx().request({ method: "GET", url: "/api/stock-levels", role: "viewer" }),
      await ctx().request({ method: "GET", url: "/api/stock-levels", role: null }),
      await ctx().request({ method: "GET", url: "/api/no-such-thing" }),
      await ctx().request({ method: "GET", url: "/api/rolls/0x1" }),
      await ctx().request({
        method: "GET",
        url: "/api/reports/stock-value?groupBy=warehouse",
        role: "viewer",
      }),
      await ctx().request({ method: "POST", url: "/api/warehouses", payload: {} }),
      await ctx().request({ method: "GET", url: "/api/rolls?format=csv", role: "viewer" }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 400, 403, 400, 200]);
    for (const a of answers) expect(a.headers["cache-control"], a.body).toBe("no-store");
  });

  it("refuses a date with spaces around it (400) in a posting, a reversal and a query alike", async () => {
    const m = await twoOfEach(ctx().db.kysely);
    const received = await receiveOk(ctx(), m.m, [{ materialId: m.mat, batch: "SP", yards: 5 }]);
    const before = await snapshot(ctx().db.kysely);
    const posting = await ctx().request({
      method: "POST",
      url: "/api/transactions/receive",
      role: "clerk",
      payload: {
        transactionDate: `${TEST_DATE} `,
        supplierId: m.m.supplierId,
        warehouseId: m.main,
        items: [{ materialId: m.mat, batch: "SP", yards: 1 }],
      },
    });
    const reversal = await ctx().request({
      method: "POST",
      url: `/api/transactions/${received.header.id}/reverse`,
      role: "clerk",
      payload: { reason: "x", transactionDate: ` ${TEST_DATE}` },
    });
    const query = await ctx().request({
      method: "GET",
      url: `/api/transactions?startDate=${TEST_DATE}%20`,
      role: "viewer",
    });
    for (const res of [posting, reversal, query]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues?.[0]?.path ?? "", res.body).toMatch(/transactionDate|startDate/);
    }
    expect(await snapshot(ctx().db.kysely)).toEqual(before);
  });
});

const createWarehouse = (ctx: TestContext, headers: Record<string, string>, name: string) =>
  ctx.request({ method: "POST", url: "/api/warehouses", headers, payload: { name } });

describeEachDialect(
  "the Origin check behind a proxy without PUBLIC_URL",
  (ctx) => {
    it("compares the Origin with the Host header, never with a client-sent X-Forwarded-Host", async () => {
      const forged = await createWarehouse(
        ctx(),
        { host: "stock.example.com", "x-forwarded-host": "evil.example", origin: "https://evil.example" },
        "Forged",
      );
      expect(forged.statusCode, forged.body).toBe(403);
      expect(forged.json().code).toBe("CROSS_ORIGIN");
      const ours = await createWarehouse(
        ctx(),
        {
          host: "stock.example.com",
          "x-forwarded-host": "stock.example.com",
          origin: "https://stock.example.com",
        },
        "Ours",
      );
      expect(ours.statusCode, ours.body).toBe(201);
      const list = await ctx().request({ method: "GET", url: "/api/warehouses" });
      expect(list.json().map((w: { name: string }) => w.name)).toEqual(["Ours"]);
    });
  },
  { trustProxy: true },
);

describeEachDialect(
  "the Origin check with PUBLIC_URL",
  (ctx) => {
    it("accepts only PUBLIC_URL's origin, whatever Host or X-Forwarded-Host say", async () => {
      const cases: [Record<string, string>, number][] = [
        [{ host: "internal:5000", origin: "https://stock.example.com" }, 201],
        [{ host: "internal:5000", "x-forwarded-host": "evil.example", origin: "https://evil.example" }, 403],
        [{ host: "evil.example", origin: "https://evil.example" }, 403],
        [{ host: "stock.example.com", origin: "http://stock.example.com" }, 403],
        [{ host: "internal:5000", origin: "null" }, 403],
      ];
      let n = 0;
      for (const [headers, status] of cases) {
        n += 1;
        const res = await createWarehouse(ctx(), headers, `Store ${n}`);
        expect(res.statusCode, `${JSON.stringify(headers)}: ${res.body}`).toBe(status);
      }
      // Without an Origin (curl, scripts) nothing changes: JSON alone is required.
      const bare = await createWarehouse(ctx(), { host: "internal:5000" }, "Script");
      expect(bare.statusCode, bare.body).toBe(201);
    });
  },
  { trustProxy: true, publicUrl: "https://stock.example.com" },
);
