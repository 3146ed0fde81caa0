/**
 * The bench's value report measures (issue 17, CONTRACT.md section 11, docs/performance.md), over
 * keep-alive HTTP on the bench's running server at the large seed (~320,000 rolls, 1M lines), as
 * the admin, p50/p95 of 200 GETs after 5 warm-ups, cycling through the groupings; target p95 <= 100 ms:
 * - stock value now (`GET /api/reports/stock-value?groupBy=…`): warehouse_totals, or the live rolls'
 *   covering index (migration 015);
 * - stock value at the end of last month (`&asOf=`): the stock now minus the lines dated after it;
 * - movement value of this month up to today (`GET /api/reports/movement-value?groupBy=…`).
 */
import type { MeasureDef } from "./bench-verdict";
import { timeGets } from "./stats";

const STOCK_GROUPS = ["warehouse", "material", "type", "batch"] as const;
const MOVEMENT_GROUPS = ["type", "material", "warehouse"] as const;

/** The last day of the month before today's (the server's local date, as the bench runs beside it). */
function endOfLastMonth(): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), 0);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** `cookie`: an admin's session (the value reports are admin only); `gets`: GETs per measure. */
export async function benchValue(baseUrl: string, cookie: string, log: (line: string) => void, gets = 200) {
  const asOf = endOfLastMonth();
  const measures: Record<string, readonly string[]> = {
    "stock value now": STOCK_GROUPS.map((g) => `/api/reports/stock-value?groupBy=${g}`),
    "stock value as of last month end": STOCK_GROUPS.map(
      (g) => `/api/reports/stock-value?groupBy=${g}&asOf=${asOf}`,
    ),
    "movement value this month": MOVEMENT_GROUPS.map((g) => `/api/reports/movement-value?groupBy=${g}`),
  };
  const reads: Record<string, unknown> = {};
  for (const [name, urls] of Object.entries(measures)) {
    try {
      reads[name] = await timeGets(baseUrl, cookie, urls, gets);
    } catch (error) {
      reads[name] = { error: (error as Error).message };
    }
    log(`  ${name}: ${JSON.stringify(reads[name])}`);
  }
  return { asOf, reads };
}

/** The bench's measures of the value reports (bench-measures.ts puts them in its table). */
export const VALUE_MEASURES: MeasureDef[] = (
  ["stock value now", "stock value as of last month end", "movement value this month"] as const
).map(
  (name): MeasureDef => ({
    label: `${name} p95`,
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 100 },
    pick: (r) => r.value?.reads?.[name]?.p95,
  }),
);
