import { beforeEach, expect, it } from "vitest";
import { insertWarehouse } from "../../test/fixtures";
import { describeEachDialect } from "../../test/test-context";
import { pageWithTotal } from "./page-with-total";

describeEachDialect("pageWithTotal", (ctx) => {
  let kept: number[];
  beforeEach(async () => {
    const db = ctx().db.kysely;
    kept = [];
    for (let i = 1; i <= 5; i++) kept.push(await insertWarehouse(db, `Kept ${i} ${Math.random()}`));
    await insertWarehouse(db, `Other ${Math.random()}`);
  });
  const query = () =>
    ctx()
      .db.kysely.selectFrom("warehouses")
      .select(["id", "name"])
      .where("id", "in", kept)
      .orderBy("id", "desc");

  it("answers the page in the query's order and the filtered total before paging", async () => {
    const page = await pageWithTotal(query(), { limit: 2, offset: 1 });
    expect(page.rows.map((r) => r.id)).toEqual([...kept].reverse().slice(1, 3));
    expect(page.total).toBe(5);
    const rest = await pageWithTotal(query(), { offset: 3 });
    expect(rest.rows.map((r) => r.id)).toEqual([...kept].reverse().slice(3));
    expect(rest.total).toBe(5);
    const all = await pageWithTotal(query(), { offset: 0 });
    expect(all.rows).toHaveLength(5);
    expect(all.total).toBe(5);
  });
});
