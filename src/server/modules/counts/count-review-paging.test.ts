import { beforeEach, expect, it } from "vitest";
import type { CountReviewLine } from "../../../domain/count";
import { e4ToMoney, valueE4 } from "../../../domain/money";
import { postOk, receiveOk, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

type Role = "clerk" | "admin" | "viewer";
interface ReviewAnswer {
  lines: CountReviewLine[];
  totals: { expectedYards?: number; countedYards: number; varianceYards?: number; varianceValue?: number };
  total: number;
}

const centi = (yards: number | null | undefined) => Math.round((yards ?? 0) * 100);
const collator = new Intl.Collator("en", { numeric: true });
/** Walk order as the review states it, written out here independently of the server's code. */
function walkCompare(a: CountReviewLine, b: CountReviewLine): number {
  if (a.bin !== b.bin) {
    if (a.bin === null) return 1;
    if (b.bin === null) return -1;
    return collator.compare(a.bin, b.bin) || (a.bin < b.bin ? -1 : 1);
  }
  if (a.rollId === null || b.rollId === null)
    return (a.rollId === null ? 1 : 0) - (b.rollId === null ? 1 : 0);
  return a.rollId - b.rollId;
}

/** CONTRACT.md section 14: the review pages in walk order, filters page too, totals are the session's. */
describeEachDialect("count review paging", (ctx) => {
  let t: TwoOfEach;
  let sessionId: number;
  let costs: Map<number, number>;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
    const bins = ["A-10", "A-2", "A-1", "B-1", "a-3", "A-02", null, "A-10", "A-2", null, "A-1"];
    const main = await receiveOk(ctx(), t.m, [
      {
        materialId: t.mat,
        batch: "PG-1",
        unitCost: 3.3333,
        rolls: bins.map((bin, i) => ({ lengthYards: 10 + i + 0.37, ...(bin ? { bin } : {}) })),
      },
      {
        materialId: t.other,
        batch: "PG-2",
        unitCost: 7.7777,
        rolls: ["A-2", "B-1", "A-10"].map((bin, i) => ({ lengthYards: 5.05 + i, bin })),
      },
    ]);
    const annex = await receiveOk(
      ctx(),
      t.m,
      [{ materialId: t.mat, batch: "PG-1", unitCost: 1.2345, rolls: [{ lengthYards: 8.11, bin: "A-2" }] }],
      1,
    );
    const ids = [...main.details, ...annex.details].map((d: { rollId: number }) => d.rollId);
    const rows = await ctx()
      .db.kysely.selectFrom("rolls")
      .select(["id", "unit_cost_e4", "length_centi"])
      .where("id", "in", ids)
      .execute();
    costs = new Map(rows.map((r) => [r.id, Number(r.unit_cost_e4)]));
    const length = new Map(rows.map((r) => [r.id, Number(r.length_centi) / 100]));
    const session = await ctx().request({
      method: "POST",
      url: "/api/counts",
      payload: { warehouseId: t.main, blind: false },
      role: "clerk",
    });
    sessionId = session.json().id;
    const count = async (body: Record<string, unknown>) => {
      const res = await ctx().request({
        method: "POST",
        url: `/api/counts/${sessionId}/entries`,
        payload: body,
        role: "clerk",
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const at = (i: number) => ids[i] as number;
    await count({ rollId: at(0), countedYards: 1 });
    await count({ rollId: at(0), countedYards: length.get(at(0)) }); // counted again: match
    await count({ rollId: at(1), countedYards: (length.get(at(1)) ?? 0) - 0.33 }); // short
    await count({ rollId: at(5), countedYards: (length.get(at(5)) ?? 0) + 1.03 }); // over
    await count({ rollId: at(6), countedYards: 0 }); // short, no bin
    await count({ rollId: at(12), countedYards: 3.07 }); // short, other material
    await count({ rollId: at(14), countedYards: 8.11 }); // the annex roll: elsewhere
    await count({ unlabelled: { materialId: t.mat, batch: "U", countedYards: 4.5, bin: "A-2" } });
    await count({ unlabelled: { materialId: t.other, batch: "U", countedYards: 1.25, bin: "A-2" } });
    await count({ unlabelled: { materialId: t.mat, batch: "U", countedYards: 2.2 } });
    // A cut after the count is not variance (moved since).
    await postOk(ctx(), "production-usage", {
      transactionDate: new Date().toISOString().slice(0, 10),
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "PG-1", rollId: at(1), yards: 2 }],
    });
  });

  const review = async (query: string, role: Role = "admin", id = sessionId): Promise<ReviewAnswer> => {
    const res = await ctx().request({ method: "GET", url: `/api/counts/${id}/review${query}`, role });
    expect(res.statusCode, res.body).toBe(200);
    return { ...res.json(), total: Number(res.headers["x-total-count"]) };
  };
  /** Every page of `limit` lines after `filter`, and the header's total on each. */
  const walkPages = async (filter: string, limit: number, role: Role = "admin", id = sessionId) => {
    const lines: CountReviewLine[] = [];
    const totals = new Set<number>();
    for (let offset = 0; ; offset += limit) {
      const page = await review(`?${filter}&limit=${limit}&offset=${offset}`, role, id);
      totals.add(page.total);
      lines.push(...page.lines);
      if (page.lines.length < limit) break;
    }
    return { lines, totals: [...totals] };
  };
  const key = (l: CountReviewLine) => `${l.rollCode ?? `piece ${l.countedYards}`}@${l.bin}`;

  it("walks bins in natural order across pages: page 2 continues page 1", async () => {
    const all = await review("");
    expect(all.total).toBe(18);
    expect(all.lines).toHaveLength(18);
    expect(all.lines.map(key)).toEqual([...all.lines].sort(walkCompare).map(key));
    expect([...new Set(all.lines.map((l) => l.bin))]).toEqual([
      "A-1",
      "A-02",
      "A-2",
      "a-3",
      "A-10",
      "B-1",
      null,
    ]);
    // Unlabelled pieces come after their bin's rolls, in the order they were counted.
    const a2 = all.lines.filter((l) => l.bin === "A-2");
    expect(a2.map((l) => [l.status, l.rollId === null ? l.countedYards : "roll"])).toEqual([
      ["short", "roll"],
      ["missing", "roll"],
      ["missing", "roll"],
      ["elsewhere", "roll"],
      ["unlabelled", 4.5],
      ["unlabelled", 1.25],
    ]);
    for (const limit of [1, 2, 4, 5, 17]) {
      const paged = await walkPages("", limit);
      expect(paged.lines.map(key), `limit ${limit}`).toEqual(all.lines.map(key));
      expect(paged.totals).toEqual([18]);
    }
    const past = await review("?limit=5&offset=40");
    expect(past.lines).toEqual([]);
    expect(past.total).toBe(18);
  });

  it("pages a filtered review in the same order, counting only what the filter keeps", async () => {
    const all = (await review("")).lines;
    const cases: [string, (l: CountReviewLine) => boolean][] = [
      ["status=missing", (l) => l.status === "missing"],
      ["status=short", (l) => l.status === "short"],
      ["status=unlabelled", (l) => l.status === "unlabelled"],
      ["status=elsewhere", (l) => l.status === "elsewhere"],
      ["status=counted", () => false],
      ["bin=A-2", (l) => l.bin === "A-2"],
      ["bin=A-02", (l) => l.bin === "A-02"],
      ["bin=a-3", (l) => l.bin === "a-3"],
      ["status=missing&bin=A-10", (l) => l.status === "missing" && l.bin === "A-10"],
    ];
    for (const [filter, keep] of cases) {
      const want = all.filter(keep).map(key);
      const whole = await review(`?${filter}`);
      expect(whole.lines.map(key), filter).toEqual(want);
      expect(whole.total, filter).toBe(want.length);
      const paged = await walkPages(filter, 2);
      expect(paged.lines.map(key), filter).toEqual(want);
      expect(paged.totals, filter).toEqual([want.length]);
    }
    expect(all.filter((l) => l.status === "missing").length).toBeGreaterThan(5);
  });

  it("totals are the sums over all the session's lines, whatever the page or filter", async () => {
    const all = (await review("")).lines;
    const sum = (pick: (l: CountReviewLine) => number | null | undefined) =>
      all.reduce((n, l) => n + centi(pick(l)), 0) / 100;
    const value = all.reduce(
      (n, l) => n + (l.rollId === null ? 0 : valueE4(centi(l.varianceYards), costs.get(l.rollId) ?? 0)),
      0,
    );
    const want = {
      expectedYards: sum((l) => l.expectedYards),
      countedYards: sum((l) => l.countedYards),
      varianceYards: sum((l) => l.varianceYards),
      varianceValue: e4ToMoney(value),
    };
    expect(want.varianceYards).not.toBe(0);
    for (const query of ["", "?limit=3", "?limit=3&offset=6", "?status=over", "?bin=B-1&limit=1"]) {
      expect((await review(query)).totals, query).toEqual(want);
    }
    const { varianceValue: _, ...clerkTotals } = want;
    expect((await review("?limit=2", "clerk")).totals).toEqual(clerkTotals);
  });

  it("a blind count's clerk pages the counted rolls as 'counted' and cannot filter on what they hide", async () => {
    const blind = await ctx().request({
      method: "POST",
      url: "/api/counts",
      payload: { warehouseId: t.main, bins: ["A-2", "A-10"] },
      role: "clerk",
    });
    const id = blind.json().id as number;
    const scoped = (await review("", "admin", id)).lines;
    for (const line of scoped.slice(0, 3)) {
      const res = await ctx().request({
        method: "POST",
        url: `/api/counts/${id}/entries`,
        payload: { rollId: line.rollId, countedYards: 1 },
        role: "clerk",
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const counted = (await review("", "admin", id)).lines.filter((l) => l.countedYards !== null);
    expect(counted).toHaveLength(3);
    const clerk = await walkPages("status=counted", 2, "clerk", id);
    expect(clerk.lines.map(key)).toEqual(counted.map(key));
    expect(clerk.lines.every((l) => l.status === "counted" && !("expectedYards" in l))).toBe(true);
    expect(clerk.totals).toEqual([3]);
    expect((await review("?status=short", "clerk", id)).total).toBe(0);
    expect((await review("?status=short", "admin", id)).total).toBeGreaterThan(0);
  });
});
