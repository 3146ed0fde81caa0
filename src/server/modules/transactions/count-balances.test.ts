import { beforeEach, expect, it } from "vitest";
import { postOk, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * A count's balance row (CONTRACT.md section 4, posting/line-balances.ts): its first receipt is the
 * earliest date that added yards there. A count that finds nothing where the batch never was makes
 * a row at 0 with no receipt; a later count that finds yards there is that row's first receipt.
 */
describeEachDialect("a count's balance row", (ctx) => {
  const db = () => ctx().db.kysely;
  let t: TwoOfEach;

  beforeEach(async () => {
    t = await twoOfEach(db());
  });

  const row = (batch: string) =>
    db()
      .selectFrom("balances")
      .select(["yards_centi", "first_received"])
      .where("material_id", "=", t.mat)
      .where("batch", "=", batch)
      .where("warehouse_id", "=", t.main)
      .executeTakeFirstOrThrow();

  const count = (date: string, batch: string, countedYards: number) =>
    postOk(ctx(), "stock-opname", {
      transactionDate: date,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch, countedYards }],
    });

  it("a count of 0 adds no yards, so it is no receipt; the count that finds yards is", async () => {
    await count("2026-11-02", "NEVER", 0);
    expect(await row("NEVER")).toEqual({ yards_centi: 0, first_received: null });
    await count("2026-11-03", "NEVER", 5);
    expect(await row("NEVER")).toMatchObject({ first_received: "2026-11-03" });
    expect(Number((await row("NEVER")).yards_centi)).toBe(500);
    // Counting the same yards again adds none: the receipt keeps its date.
    await count("2026-11-04", "NEVER", 5);
    expect(await row("NEVER")).toMatchObject({ first_received: "2026-11-03" });
    expect(Number((await row("NEVER")).yards_centi)).toBe(500);
  });
});
