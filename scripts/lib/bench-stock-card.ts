/**
 * The bench's stock card and stock-as-of measures (issue 16 parts 1 and 2, docs/performance.md),
 * over keep-alive HTTP on the bench's running server at the large seed (~1M ledger lines):
 * - the stock card of the one material + batch + warehouse with the most ledger lines, all dates
 *   (three years), p50/p95 of 200 GETs; target p95 <= 50 ms;
 * - the whole stock as of a date ~18 months back: the first GET (it makes the month-end snapshot,
 *   migration 014), then p50/p95 of 30 GETs of the Inventory screen's first page (limit 50, with
 *   its X-Total-Count) and of the whole list; target p95 <= 300 ms.
 */
import { localIsoDate } from "../../src/domain/transaction";
import type { Db } from "../../src/server/db/database";
import type { MeasureDef } from "./bench-verdict";
import { timeGets } from "./stats";

const timeGet = (baseUrl: string, cookie: string, url: string, n: number) =>
  timeGets(baseUrl, cookie, [url], n, { warmup: 3 });

/** yyyy-MM-dd about 18 months before today (the server's calendar). */
export function eighteenMonthsBack(now = new Date()): string {
  const d = new Date(now);
  d.setMonth(d.getMonth() - 18);
  return localIsoDate(d);
}

/** The bench's measures of the stock card and stock as of a date (bench-measures.ts prints them). */
export const STOCK_CARD_MEASURES: MeasureDef[] = [
  {
    label: "stock card, the busiest key p95",
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 50 },
    pick: (r) => r.stockCard?.stockCard?.p95,
  },
  {
    label: "stock as of a date, first page (50) p95",
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 300 },
    pick: (r) => r.stockCard?.asOfPage?.p95,
  },
  {
    label: "stock as of a date, whole list p95",
    unit: "ms",
    scaling: "time",
    pick: (r) => r.stockCard?.asOfFullList?.p95,
  },
  {
    label: "stock as of a date, first request (makes its month-end)",
    unit: "ms",
    scaling: "time",
    pick: (r) => r.stockCard?.asOfFirstMs,
  },
];

/**
 * Runs the measures above (bench.ts benchTarget calls it after its reads); `gets`: GETs of the stock
 * card (the as-of measures take 30, or fewer when `gets` is).
 */
export async function bench(target: { open(): Db }, baseUrl: string, cookie: string, gets = 200) {
  const db = target.open();
  let top: { material_id: number; batch: string; warehouse_id: number; n: number };
  try {
    top = await db.kysely
      .selectFrom("transaction_lines")
      .select(["material_id", "batch", "warehouse_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy(["material_id", "batch", "warehouse_id"])
      .orderBy("n", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
  } finally {
    await db.close();
  }
  const batch = encodeURIComponent(top.batch);
  const card = `/api/reports/stock-card?material=${top.material_id}&batch=${batch}&warehouse=${top.warehouse_id}`;
  const asOf = eighteenMonthsBack();
  const t0 = performance.now();
  const first = await fetch(`${baseUrl}/api/stock-levels?asOf=${asOf}&limit=50`, { headers: { cookie } });
  await first.arrayBuffer();
  const result = {
    stockCardLines: Number(top.n),
    stockCard: await timeGet(baseUrl, cookie, card, gets),
    asOf,
    asOfFirstMs: performance.now() - t0,
    asOfPage: await timeGet(baseUrl, cookie, `/api/stock-levels?asOf=${asOf}&limit=50`, Math.min(30, gets)),
    asOfFullList: await timeGet(baseUrl, cookie, `/api/stock-levels?asOf=${asOf}`, Math.min(30, gets)),
  };
  console.error(`  stock card (${result.stockCardLines} lines) and as of ${asOf}: ${JSON.stringify(result)}`);
  return result;
}
