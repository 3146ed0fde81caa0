import { expect, it } from "vitest";
import type { TransactionKind } from "../../../domain/transaction-kinds";
import {
  balanceOf,
  createMasterData,
  expectLedgerConsistent,
  post,
  postOk,
  snapshot,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * Concurrency and the ledger invariant (CONTRACT.md section 2), on every database: numbering,
 * stock oversold by concurrent postings, opposite transfers, and refusals that take no number.
 * Random posting sequences against a model are in ledger-model.test.ts.
 */

describeEachDialect("the ledger under concurrency", (ctx) => {
  const db = () => ctx().db.kysely;

  it("numbers 25 concurrent receipts 00001..00025 without gap or duplicate; a refusal returns its number", async () => {
    const md = await createMasterData(db());
    const receipt = (i: number) =>
      post(ctx(), "receive", {
        transactionDate: "2019-04-01",
        supplierId: md.supplierId,
        warehouseId: md.warehouses[0],
        items: [{ materialId: md.materials[0], batch: "N", yards: i + 1 }],
      });
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => receipt(i)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(25).fill(201));
    const numbers = results.map((r) => r.json().header.transactionNumber as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 25 }, (_, i) => `RCV-2019-${String(i + 1).padStart(5, "0")}`),
    );
    expect(await balanceOf(db(), md.materials[0] as number, "N", md.warehouses[0] as number)).toBe(325);

    const usage = (yards: number) =>
      post(ctx(), "production-usage", {
        transactionDate: "2019-04-02",
        warehouseId: md.warehouses[0],
        items: [{ materialId: md.materials[0], batch: "N", yards }],
      });
    expect((await usage(1000)).statusCode).toBe(409);
    const used = await usage(25);
    expect(used.json().header.transactionNumber).toBe("USE-2019-00001");
    expect((await receipt(99)).json().header.transactionNumber).toBe("RCV-2019-00026");
    const other = await post(ctx(), "receive", {
      transactionDate: "2020-01-01",
      supplierId: md.supplierId,
      warehouseId: md.warehouses[0],
      items: [{ materialId: md.materials[0], batch: "N", yards: 1 }],
    });
    expect(other.json().header.transactionNumber).toBe("RCV-2020-00001");
    await expectLedgerConsistent(db());
  });

  it("40 concurrent consumptions of 5 yd against 100 yd: exactly 20 succeed, 20 get 409, the balance ends at 0", async () => {
    const md = await createMasterData(db());
    const [mat, w] = [md.materials[0] as number, md.warehouses[0] as number];
    await postOk(ctx(), "receive", {
      transactionDate: "2024-05-01",
      supplierId: md.supplierId,
      warehouseId: w,
      items: [{ materialId: mat, batch: "C", yards: 100 }],
    });
    const kinds: TransactionKind[] = ["production-usage", "waste", "return", "transfer"];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const kind = kinds[i % kinds.length] as TransactionKind;
        return post(ctx(), kind, {
          transactionDate: "2024-05-02",
          supplierId: md.supplierId,
          warehouseId: w,
          sourceWarehouseId: w,
          destinationWarehouseId: md.warehouses[1],
          reasonCode: "Other",
          items: [{ materialId: mat, batch: "C", yards: -5 }].map((it) =>
            kind === "transfer" ? { ...it, yards: 5 } : it,
          ),
        });
      }),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().code).toBe("INSUFFICIENT_STOCK");
    expect(await balanceOf(db(), mat, "C", w)).toBe(0);
    const transferred = results.filter((r, i) => r.statusCode === 201 && i % kinds.length === 3).length;
    expect(await balanceOf(db(), mat, "C", md.warehouses[1] as number)).toBe(
      transferred === 0 ? undefined : transferred * 5,
    );
    await expectLedgerConsistent(db());
  });

  it("concurrent opposite transfers and counts on shared rows neither deadlock nor break the ledger", async () => {
    const md = await createMasterData(db());
    const [m1, m2] = md.materials as [number, number];
    const [w1, w2] = md.warehouses as [number, number];
    for (const w of [w1, w2]) {
      await postOk(ctx(), "receive", {
        transactionDate: "2024-05-01",
        supplierId: md.supplierId,
        warehouseId: w,
        items: [
          { materialId: m1, batch: "X", yards: 500 },
          { materialId: m2, batch: "X", yards: 500 },
        ],
      });
    }
    const transfer = (from: number, to: number, items: [number, number][]) =>
      post(ctx(), "transfer", {
        transactionDate: "2024-05-02",
        sourceWarehouseId: from,
        destinationWarehouseId: to,
        items: items.map(([materialId, yards]) => ({ materialId, batch: "X", yards })),
      });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0
          ? transfer(w1, w2, [
              [m2, 1],
              [m1, 2],
            ])
          : transfer(w2, w1, [
              [m1, 1],
              [m2, 2],
            ]),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(24).fill(201));
    expect(await balanceOf(db(), m1, "X", w1)).toBe(500 - 24 + 12);
    expect(await balanceOf(db(), m1, "X", w2)).toBe(500 + 24 - 12);
    await expectLedgerConsistent(db());
  });

  it("refused postings consume no number: each committed posting took exactly one, concurrently too", async () => {
    const md = await createMasterData(db());
    const [mat, w] = [md.materials[0] as number, md.warehouses[0] as number];
    const before = await snapshot(db());
    const taken = (s: Awaited<ReturnType<typeof snapshot>>) =>
      s.sequences.reduce((sum, r) => sum + Number(r.last_value), 0);
    await postOk(ctx(), "receive", {
      transactionDate: "2024-07-01",
      supplierId: md.supplierId,
      warehouseId: w,
      items: [{ materialId: mat, batch: "Q", yards: 10 }],
    });
    // 10 concurrent uses of 3 yd against 10 yd: 3 succeed, 7 are refused after their balance check.
    const uses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(ctx(), "production-usage", {
          transactionDate: "2024-07-02",
          warehouseId: w,
          items: [{ materialId: mat, batch: "Q", yards: 3 }],
        }),
      ),
    );
    expect(uses.map((r) => r.statusCode).sort()).toEqual([...Array(3).fill(201), ...Array(7).fill(409)]);
    // Refused before any balance: an unknown material, a transfer of more than there is.
    const unknown = await post(ctx(), "waste", {
      transactionDate: "2024-07-02",
      warehouseId: w,
      reasonCode: "Other",
      items: [{ materialId: 999_999, batch: "Q", yards: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    const transfer = await post(ctx(), "transfer", {
      transactionDate: "2024-07-02",
      sourceWarehouseId: w,
      destinationWarehouseId: md.warehouses[1],
      items: [{ materialId: mat, batch: "Q", yards: 2 }],
    });
    expect(transfer.statusCode).toBe(409);
    const after = await snapshot(db());
    expect(after.transactions - before.transactions).toBe(4);
    expect(taken(after) - taken(before)).toBe(4);
    await expectLedgerConsistent(db());
  });
});
