/**
 * Every figure of the bench's table, its target (issues 6, 12, 14, 16, 17; docs/performance.md) and
 * how it follows the machine's speed (bench-verdict.ts reads them).
 * Per engine: a run's `benchTarget` result. The client's (bundle, screens, Lighthouse): measured once
 * per bench, on the first engine's server, without a machine probe around them.
 */
import { COUNTS_MEASURES } from "./bench-counts";
import { IMPORT_MEASURES } from "./bench-import";
import { ORDERS_MEASURES } from "./bench-orders";
import { PURCHASING_MEASURES } from "./bench-purchasing";
import { ROLLS_MEASURES } from "./bench-rolls";
import { STOCK_CARD_MEASURES } from "./bench-stock-card";
import { VALUE_MEASURES } from "./bench-value";
import { type MeasureDef, meanProbe } from "./bench-verdict";

const readP95 = (name: string, ms?: number): MeasureDef => ({
  label: `${name} p95`,
  unit: "ms",
  scaling: "time",
  target: ms === undefined ? undefined : { op: "<=", value: ms },
  pick: (r) => r.reads?.[name]?.p95,
});

export const ENGINE_MEASURES: MeasureDef[] = [
  {
    label: "machine probe (lower is faster), mean of before and after",
    unit: "ms",
    scaling: "none",
    pick: (r) => (r.machineProbeMs ? meanProbe(r.machineProbeMs) : undefined),
  },
  {
    label: "posting over HTTP",
    unit: "postings/s",
    scaling: "rate",
    pick: (r) => r.postingHttp?.perSecond,
  },
  {
    label: "posting raw ceiling",
    unit: "postings/s",
    scaling: "rate",
    pick: (r) => r.postingRaw?.perSecond,
  },
  {
    label: "posting HTTP / raw",
    unit: "%",
    scaling: "none",
    target: { op: ">=", value: 60 },
    pick: (r) => (100 * r.postingHttp?.perSecond) / r.postingRaw?.perSecond,
  },
  readP95("dashboard", 10),
  readP95("stock-levels filtered page (100)", 20),
  readP95("stock-levels full list"),
  readP95("low-stock", 100),
  readP95("aging", 100),
  readP95("stock-status by warehouse", 100),
  readP95("transactions filtered page (50)", 20),
  readP95("transaction detail"),
  ...ROLLS_MEASURES,
  ...VALUE_MEASURES,
  ...PURCHASING_MEASURES,
  ...STOCK_CARD_MEASURES,
  ...COUNTS_MEASURES,
  ...IMPORT_MEASURES,
  ...ORDERS_MEASURES,
  {
    label: "raw full stock list + JSON.stringify p50",
    unit: "ms",
    scaling: "time",
    pick: (r) => r.rawFullStockList?.p50,
  },
  {
    label: "full list HTTP p50 / raw p50",
    unit: "x",
    scaling: "none",
    target: { op: "<=", value: 1.5 },
    pick: (r) => r.reads?.["stock-levels full list"]?.p50 / r.rawFullStockList?.p50,
  },
  {
    label: "full list, gzip-only client: HTTP p50 / raw p50",
    unit: "x",
    scaling: "none",
    pick: (r) => r.reads?.["stock-levels full list, gzip client"]?.p50 / r.rawFullStockList?.p50,
  },
  {
    label: "cold start to healthy, median of the starts",
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 1500 },
    pick: (r) => r.coldStartMs,
  },
  { label: "RSS right after the read suite", unit: "MB", scaling: "none", pick: (r) => r.rssAfterReadsMb },
  {
    // At rest (decision 012): `npm start` gives pooled memory back after 1 s quiet.
    label: "RSS 2.5 s after the read suite",
    unit: "MB",
    scaling: "none",
    target: { op: "<=", value: 200 },
    pick: (r) => r.rssAfterReadsIdleMb,
  },
];

/**
 * The client's measures over `{ bundle, screens?, lighthouse? }` of bench.ts; `screens` and
 * `lighthousePages`: the screens timed and the pages Lighthouse scored (none when skipped).
 */
export const clientMeasures = (
  screens: readonly string[],
  lighthousePages: readonly string[],
): MeasureDef[] => [
  {
    label: "first load JS, gzip",
    unit: "KB",
    scaling: "none",
    target: { op: "<=", value: 150 },
    pick: (r) => r.bundle?.jsKb,
  },
  { label: "first load CSS, gzip", unit: "KB", scaling: "none", pick: (r) => r.bundle?.cssKb },
  ...screens.map(
    (name): MeasureDef => ({
      label: `screen ${name}, navigation to data in Chromium`,
      unit: "ms",
      scaling: "none",
      pick: (r) => r.screens?.[name]?.msToData,
    }),
  ),
  ...lighthousePages.flatMap((page): MeasureDef[] => [
    {
      label: `Lighthouse mobile ${page}: performance`,
      unit: "score",
      scaling: "none",
      target: { op: ">=", value: 90 },
      pick: (r) => r.lighthouse?.[page]?.performance,
    },
    {
      label: `Lighthouse mobile ${page}: accessibility`,
      unit: "score",
      scaling: "none",
      target: { op: ">=", value: 100, exact: true },
      pick: (r) => r.lighthouse?.[page]?.accessibility,
    },
    {
      label: `Lighthouse mobile ${page}: best practices`,
      unit: "score",
      scaling: "none",
      target: { op: ">=", value: 100, exact: true },
      pick: (r) => r.lighthouse?.[page]?.bestPractices,
    },
  ]),
];
