import { expect, it } from "vitest";
import {
  balanceOf,
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  receiveOk,
  snapshot,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 1: yards with at most 2 decimals in their shortest decimal form (never
 * rounded), transaction dates from 2000-01-01, and no balance above 10,000,000,000 yards.
 */

const DECIMALS = "Yards may have at most 2 decimal places";
const BILLION = 1_000_000_000;

describeEachDialect("exact numbers", (ctx) => {
  const db = () => ctx().db.kysely;
  const receipt = (m: MasterData, items: unknown[], extra: Record<string, unknown> = {}) => ({
    transactionDate: TEST_DATE,
    supplierId: m.supplierId,
    warehouseId: m.warehouses[0],
    items,
    ...extra,
  });

  it("refuses yards whose shortest form has more than 2 decimals, writing nothing", async () => {
    const m = await createMasterData(db());
    const materialId = m.materials[0];
    const w = m.warehouses[0];
    await receiveOk(ctx(), m, [{ materialId, batch: "X", yards: 10 }]);
    const before = await snapshot(db());
    const cases: [string, Record<string, unknown>, string][] = [];
    for (const yards of [1e-9, 0.30000000000000004, 1.005, 12.251, -1e-7]) {
      cases.push(["receive", receipt(m, [{ materialId, batch: "X", yards }]), "items.0.yards"]);
      cases.push([
        "production-usage",
        { transactionDate: TEST_DATE, warehouseId: w, items: [{ materialId, batch: "X", yards }] },
        "items.0.yards",
      ]);
      cases.push([
        "stock-opname",
        {
          transactionDate: TEST_DATE,
          warehouseId: w,
          items: [{ materialId, batch: "X", countedYards: Math.abs(yards) }],
        },
        "items.0.countedYards",
      ]);
    }
    for (const [kind, body, path] of cases) {
      const res = await post(ctx(), kind, body);
      expect(res.statusCode, `${kind} ${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().issues).toMatchObject(
        expect.arrayContaining([expect.objectContaining({ path, message: DECIMALS })]),
      );
    }
    expect(await snapshot(db())).toEqual(before);
  });

  it("accepts 0.3 and 12.25 and keeps them exact", async () => {
    const m = await createMasterData(db());
    const materialId = m.materials[0] as number;
    await receiveOk(ctx(), m, [
      { materialId, batch: "E", yards: 0.3 },
      { materialId, batch: "E", yards: 12.25 },
      { materialId, batch: "E", yards: 0.1 },
      { materialId, batch: "E", yards: 0.2 },
    ]);
    expect(await balanceOf(db(), materialId, "E", m.warehouses[0] as number)).toBe(12.85);
  });

  it("refuses transaction dates before 2000-01-01 with a clear message and accepts 2000-01-01", async () => {
    const m = await createMasterData(db());
    const materialId = m.materials[0];
    const before = await snapshot(db());
    for (const date of ["1999-12-31", "1970-01-01", "0001-01-01"]) {
      const res = await post(
        ctx(),
        "receive",
        receipt(m, [{ materialId, batch: "D", yards: 1 }], { transactionDate: date }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues).toMatchObject([
        { path: "transactionDate", message: "The transaction date cannot be earlier than 2000-01-01." },
      ]);
    }
    expect(await snapshot(db())).toEqual(before);
    const first = await postOk(
      ctx(),
      "receive",
      receipt(m, [{ materialId, batch: "D", yards: 1 }], { transactionDate: "2000-01-01" }),
    );
    expect(first.header.transactionNumber).toBe("RCV-2000-00001");
  });

  it("refuses with 409 a posting that would take a balance above 10,000,000,000 yards, writing nothing", async () => {
    const m = await createMasterData(db(), 2, 2);
    const [mat, other] = m.materials as [number, number];
    const [w1, w2] = m.warehouses as [number, number];
    // Ten receipts of the largest item fill one balance to exactly the cap: allowed.
    const full = Array.from({ length: 10 }, () => ({ materialId: mat, batch: "CAP", yards: BILLION }));
    await receiveOk(ctx(), m, full);
    expect(await balanceOf(db(), mat, "CAP", w1)).toBe(10 * BILLION);
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "CAP", yards: BILLION }], 1);

    const before = await snapshot(db());
    const refusals: [string, Record<string, unknown>][] = [
      // One more hundredth on a full row (the upsert of an existing row).
      ["receive", receipt(m, [{ materialId: mat, batch: "CAP", yards: 0.01 }])],
      // A new row whose summed items exceed the cap (the insert path), after another row was raised.
      [
        "receive",
        receipt(m, [
          { materialId: other, batch: "LOW", yards: 5 },
          ...Array.from({ length: 11 }, () => ({ materialId: other, batch: "NEW", yards: BILLION })),
        ]),
      ],
      // A transfer into the full row.
      [
        "transfer",
        {
          transactionDate: TEST_DATE,
          sourceWarehouseId: w2,
          destinationWarehouseId: w1,
          items: [{ materialId: mat, batch: "CAP", yards: 1 }],
        },
      ],
    ];
    for (const [kind, body] of refusals) {
      const res = await post(ctx(), kind, body);
      expect(res.statusCode, res.body).toBe(409);
      const answer = res.json();
      expect(answer.code).toBe("BALANCE_LIMIT");
      expect(answer.message).toMatch(/10,000,000,000.00 yards/);
      expect(answer.message).toMatch(/batch (CAP|NEW)/);
      expect(answer.message).toMatch(/Warehouse/);
      expect(answer.message).toMatch(/Cotton/);
    }
    expect(await snapshot(db())).toEqual(before);
    expect(await balanceOf(db(), other, "LOW", w1)).toBeUndefined();

    // Rolls counted one by one add up past the cap: the count is refused the same way.
    await receiveOk(ctx(), m, [
      { materialId: other, batch: "OVX", rolls: Array.from({ length: 11 }, () => ({ lengthYards: 1 })) },
    ]);
    const rollIds = (
      await db().selectFrom("rolls").select("id").where("batch", "=", "OVX").orderBy("id").execute()
    ).map((r) => r.id);
    const countedBefore = await snapshot(db());
    const overCount = await post(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: w1,
      items: rollIds.map((rollId) => ({
        materialId: other,
        batch: "OVX",
        rollId,
        countedYards: BILLION,
      })),
    });
    expect(overCount.statusCode, overCount.body).toBe(409);
    expect(overCount.json().code).toBe("BALANCE_LIMIT");
    expect(overCount.json().message).toMatch(/batch OVX .*would exceed 10,000,000,000.00 yards/);
    expect(overCount.json().message).toMatch(/: 11\.00 yards now, [\d,]+\.\d\d added\. Nothing was saved\.$/);
    expect(await snapshot(db())).toEqual(countedBefore);
    // Up to the cap it is a count like any other.
    await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: w1,
      items: rollIds.map((rollId, i) => ({
        materialId: other,
        batch: "OVX",
        rollId,
        countedYards: i < 10 ? BILLION : 0,
      })),
    });
    expect(await balanceOf(db(), other, "OVX", w1)).toBe(10 * BILLION);

    // Taking some out makes room again.
    await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: w1,
      items: [{ materialId: mat, batch: "CAP", yards: 1 }],
    });
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "CAP", yards: 1 }]);
    expect(await balanceOf(db(), mat, "CAP", w1)).toBe(10 * BILLION);
    await expectLedgerConsistent(db());
  });

  it("names the key that would pass the limit, not another key of the same posting that fits", async () => {
    const m = await createMasterData(db(), 1, 1);
    const mat = m.materials[0] as number;
    await receiveOk(
      ctx(),
      m,
      Array.from({ length: 10 }, () => ({ materialId: mat, batch: "FULL", yards: BILLION })),
    );
    const before = await snapshot(db());
    // Key order puts batch AAA (a new row, which fits) before FULL in the one upsert of increases.
    const res = await post(
      ctx(),
      "receive",
      receipt(m, [
        { materialId: mat, batch: "FULL", yards: 0.01 },
        { materialId: mat, batch: "AAA", yards: 5 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(409);
    const answer = res.json();
    expect(answer.code).toBe("BALANCE_LIMIT");
    expect(answer.message).toMatch(/batch FULL .*: 10,000,000,000\.00 yards now, 0\.01 added\./);
    expect(answer.issues).toMatchObject([
      // Lengths as numbers of yards (the screen says them in the reader's unit).
      { path: "items.0.yards", params: { batch: "FULL", availableYards: 10_000_000_000, addedYd: 0.01 } },
    ]);
    expect(await snapshot(db())).toEqual(before);
  });
});
