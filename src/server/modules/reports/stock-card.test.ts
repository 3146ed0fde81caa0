import { beforeAll, expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import type { StockCard, StockCardLine } from "../../../domain/stock-card";
import { insertMaterial, insertSupplier, insertWarehouse } from "../../test/fixtures";
import { expectIssues } from "../../test/support/master-data";
import { postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** Issue 16 part 1, CONTRACT.md section 10: GET /api/reports/stock-card. */
describeEachDialect("stock card report", (ctx) => {
  const db = () => ctx().db.kysely;
  let main: number;
  let annex: number;
  let linen: number;
  let cotton: number;
  const numbers: Record<string, string> = {};

  const get = async (query: string) => {
    const res = await ctx().request({
      method: "GET",
      url: `/api/reports/stock-card${query}`,
      role: "viewer",
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const card = async (query: string): Promise<StockCard> => (await get(query)).json();
  /** The card's changes summed per transaction, in the card's order: [number, yards]. */
  const perTransaction = (lines: StockCardLine[]) => {
    const out: [string, number][] = [];
    for (const l of lines) {
      const last = out.at(-1);
      if (last && last[0] === l.transactionNumber)
        last[1] = Math.round((last[1] + l.yardsChange) * 100) / 100;
      else out.push([l.transactionNumber, l.yardsChange]);
    }
    return out;
  };
  /** Each balance is the previous one plus the line's change, starting from the opening. */
  const expectRunning = (c: StockCard) => {
    let balance = c.openingYards;
    for (const l of c.lines) {
      balance = Math.round((balance + l.yardsChange) * 100) / 100;
      expect(l.balanceYards).toBe(balance);
    }
    expect(c.closingYards).toBe(balance);
  };

  // One data set for the file; no test changes it until the last one.
  beforeAll(async () => {
    const supplierId = await insertSupplier(db(), "Card Mills");
    main = await insertWarehouse(db(), "Main Hall");
    annex = await insertWarehouse(db(), "Annex");
    linen = await insertMaterial(db(), "Linen", "Ecru");
    cotton = await insertMaterial(db(), "Cotton", "Navy");
    const post = async (name: string, kind: Parameters<typeof postOk>[1], body: object) => {
      numbers[name] = (await postOk(ctx(), kind, body)).header.transactionNumber;
    };
    // The usage is posted after the transfer but dated before it: the card follows the date.
    await post("receive", "receive", {
      transactionDate: "2024-03-01",
      supplierId,
      warehouseId: main,
      items: [{ materialId: linen, batch: "L1", rolls: [{ lengthYards: 60 }, { lengthYards: 40 }] }],
    });
    await post("cotton", "receive", {
      transactionDate: "2024-03-01",
      supplierId,
      warehouseId: main,
      items: [{ materialId: cotton, batch: "C1", yards: 70 }],
    });
    await post("transfer", "transfer", {
      transactionDate: "2024-03-10",
      referenceDocument: "MOVE-7",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: linen, batch: "L1", yards: 30 }],
    });
    await post("usage", "production-usage", {
      transactionDate: "2024-03-05",
      warehouseId: main,
      items: [{ materialId: linen, batch: "L1", yards: 25 }],
    });
    await post("l2", "receive", {
      transactionDate: "2024-03-10",
      supplierId,
      warehouseId: annex,
      items: [{ materialId: linen, batch: "L2", yards: 20 }],
    });
    await post("waste", "waste", {
      transactionDate: "2024-03-15",
      warehouseId: annex,
      reasonCode: "Damaged",
      items: [{ materialId: linen, batch: "L1", yards: 5 }],
    });
  });

  it("lists a material's lines in date then posting order with the running balance", async () => {
    const c = await card(`?material=${linen}`);
    expect(c.openingYards).toBe(0);
    // The usage was posted after the transfer but is dated before it; the transfer nets to 0 over
    // both warehouses; L2's receipt was posted after the transfer on the same date.
    expect(perTransaction(c.lines)).toEqual([
      [numbers.receive, 100],
      [numbers.usage, -25],
      [numbers.transfer, 0],
      [numbers.l2, 20],
      [numbers.waste, -5],
    ]);
    expect(c.lines.map((l) => l.date)).toEqual([...c.lines.map((l) => l.date)].sort());
    expect(c.closingYards).toBe(90);
    expectRunning(c);
    // Every line names its roll (posted after rolls), its warehouse and batch.
    const receipt = c.lines.filter((l) => l.transactionNumber === numbers.receive);
    expect(receipt.map((l) => l.yardsChange).sort()).toEqual([40, 60]);
    const rolls = await db()
      .selectFrom("transaction_lines")
      .select(["roll_id"])
      .where("transaction_id", "=", receipt[0]?.transactionId as number)
      .execute();
    expect(receipt.map((l) => l.rollId).sort()).toEqual(rolls.map((r) => r.roll_id).sort());
    for (const l of c.lines) {
      expect(l.rollCode).toMatch(/^R\d{6,}$/);
      expect(l.rollCode).toBe(formatRollCode(l.rollId as number));
    }
    expect(receipt[0]).toMatchObject({
      date: "2024-03-01",
      transactionType: "Receive",
      warehouseId: main,
      warehouseName: "Main Hall",
      batch: "L1",
    });
    // Cotton's receipt is not on linen's card.
    expect(c.lines.some((l) => l.transactionNumber === numbers.cotton)).toBe(false);
  });

  it("folds the lines per transaction, with its reference and the balance after it (issue 33)", async () => {
    const c = await card(`?material=${linen}`);
    expect(
      c.transactions.map((t) => [
        t.transactionNumber,
        t.reference,
        t.yardsChange,
        t.balanceYards,
        t.lineIds.length,
      ]),
    ).toEqual([
      [numbers.receive, null, 100, 100, 2],
      [numbers.usage, null, -25, 75, expect.any(Number)],
      // Out of Main Hall and into Annex: both lines in the scope, netting to 0.
      [numbers.transfer, "MOVE-7", 0, 75, expect.any(Number)],
      [numbers.l2, null, 20, 95, 1],
      [numbers.waste, null, -5, 90, expect.any(Number)],
    ]);
    expect(c.transactions.flatMap((t) => t.lineIds)).toEqual(c.lines.map((l) => l.lineId));
    const transfer = c.transactions[2];
    expect(transfer?.warehouseNames.sort()).toEqual(["Annex", "Main Hall"]);
    expect(transfer?.batches).toEqual(["L1"]);
    for (const t of c.transactions) {
      const own = c.lines.filter((l) => l.transactionId === t.transactionId);
      expect(own.every((l) => l.reference === t.reference && l.date === t.date)).toBe(true);
      expect(own.at(-1)?.balanceYards).toBe(t.balanceYards);
    }
    // Scoped to Annex, the transfer is its arrival only.
    const annexCard = await card(`?material=${linen}&warehouse=${annex}`);
    expect(annexCard.transactions[0]).toMatchObject({
      transactionNumber: numbers.transfer,
      yardsChange: 30,
      warehouseNames: ["Annex"],
    });
  });

  it("scopes to a batch and a warehouse", async () => {
    const annexL1 = await card(`?material=${linen}&batch=L1&warehouse=${annex}`);
    expect(perTransaction(annexL1.lines)).toEqual([
      [numbers.transfer, 30],
      [numbers.waste, -5],
    ]);
    expect(annexL1.lines.map((l) => l.balanceYards).at(-1)).toBe(25);
    expect(annexL1.closingYards).toBe(25);
    expectRunning(annexL1);
    const mainL1 = await card(`?material=${linen}&batchFilter=L1&warehouseId=${main}`);
    expect(perTransaction(mainL1.lines)).toEqual([
      [numbers.receive, 100],
      [numbers.usage, -25],
      [numbers.transfer, -30],
    ]);
    expect(mainL1.closingYards).toBe(45);
    expectRunning(mainL1);
    // Batch alone: both warehouses of L1; warehouse alone: every batch there.
    expect((await card(`?material=${linen}&batch=L1`)).closingYards).toBe(70);
    const annexAll = await card(`?material=${linen}&warehouse=${annex}`);
    expect(perTransaction(annexAll.lines).map(([n]) => n)).toEqual([
      numbers.transfer,
      numbers.l2,
      numbers.waste,
    ]);
    expect(annexAll.closingYards).toBe(45);
    // A batch that never moved: an empty card.
    expect(await card(`?material=${linen}&batch=NONE`)).toEqual({
      openingYards: 0,
      lines: [],
      transactions: [],
      closingYards: 0,
    });
  });

  it("opens a period with the balance before it and closes with its end", async () => {
    const c = await card(`?material=${linen}&batch=L1&warehouse=${main}&startDate=2024-03-06`);
    expect(c.openingYards).toBe(75);
    expect(perTransaction(c.lines)).toEqual([[numbers.transfer, -30]]);
    expect(c.closingYards).toBe(45);
    expectRunning(c);
    const middle = await card(`?material=${linen}&startDate=2024-03-05&endDate=2024-03-10`);
    expect(middle.openingYards).toBe(100);
    expect(perTransaction(middle.lines).map(([n]) => n)).toEqual([
      numbers.usage,
      numbers.transfer,
      numbers.l2,
    ]);
    expect(middle.closingYards).toBe(95);
    expectRunning(middle);
    const before = await card(`?material=${linen}&endDate=2024-02-29`);
    expect(before).toEqual({ openingYards: 0, lines: [], transactions: [], closingYards: 0 });
    const after = await card(`?material=${linen}&startDate=2024-04-01`);
    expect(after).toEqual({ openingYards: 90, lines: [], transactions: [], closingYards: 90 });
  });

  it("exports the card as CSV and XLSX: opening row, lines, closing row", async () => {
    const csv = await get(`?material=${linen}&batch=L1&warehouse=${annex}&format=csv&startDate=2024-03-12`);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(
      /stock-card-material-linen-ecru-batch-l1-warehouse-annex-from-2024-03-12-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const rows = csv.body.trim().split(/\r?\n/);
    expect(rows[0]).toBe("Date,Transaction,Type,Reference,Roll,Warehouse,Batch,Change Yards,Balance Yards");
    expect(rows[1]).toBe("2024-03-12,,Opening balance,,,,,,30");
    expect(rows[2]).toMatch(new RegExp(`^2024-03-15,${numbers.waste},Waste,,R\\d+,Annex,L1,-5,25$`));
    expect(rows[3]).toBe(",,Closing balance,,,,,,25");
    expect(rows).toHaveLength(4);
    // One line per roll, each with its transaction's reference.
    const moved = (
      await get(`?material=${linen}&batch=L1&format=csv&startDate=2024-03-10&endDate=2024-03-10`)
    ).body
      .trim()
      .split(/\r?\n/)
      .slice(1, -1)
      .filter((r) => r.includes(numbers.transfer as string));
    expect(moved.length).toBeGreaterThanOrEqual(2);
    for (const r of moved)
      expect(r).toMatch(new RegExp(`^2024-03-10,${numbers.transfer},Transfer,MOVE-7,R\\d+,`));
    const xlsx = await get(`?material=${linen}&format=xlsx`);
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("refuses a missing or unknown material, bad dates and formats; needs a session", async () => {
    const bad = (query: string, role: "viewer" | null = "viewer") =>
      ctx().request({ method: "GET", url: `/api/reports/stock-card${query}`, role });
    expectIssues(await bad(""), [
      { path: "material", message: "Choose a material: the stock card is of one material" },
    ]);
    expect((await bad("?material=abc")).statusCode).toBe(400);
    expect((await bad(`?material=${linen}&materialId=${cotton}`)).statusCode).toBe(400);
    expectIssues(await bad(`?material=${linen}&startDate=2024-02-30`), [
      { path: "startDate", message: "Not a real calendar date" },
    ]);
    expectIssues(await bad(`?material=${linen}&endDate=03/01/2024`), [
      { path: "endDate", message: "Use the date format yyyy-MM-dd" },
    ]);
    expectIssues(await bad(`?material=${linen}&startDate=2024-03-10&endDate=2024-03-01`), [
      { path: "endDate", message: "End date must be on or after the start date" },
    ]);
    expect((await bad(`?material=${linen}&format=pdf`)).statusCode).toBe(400);
    const unknown = await bad("?material=999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Material 999999 was not found.");
    expect((await bad(`?material=${linen}&warehouse=999999`)).statusCode).toBe(404);
    expect((await bad(`?material=${linen}`, null)).statusCode).toBe(401);
  });

  it("gives no roll code to lines from before rolls", async () => {
    // History migrated from before rolls has lines without a roll (migration 008).
    const c = await card(`?material=${cotton}`);
    expect(c.lines).toHaveLength(1);
    await db()
      .updateTable("transaction_lines")
      .set({ roll_id: null })
      .where("transaction_id", "=", c.lines[0]?.transactionId as number)
      .execute();
    const after = await card(`?material=${cotton}`);
    expect(after.lines[0]).toMatchObject({ rollCode: null, rollId: null, yardsChange: 70, balanceYards: 70 });
  });
});
