import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { LengthUnit } from "../../../../domain/length-units";
import { yardsToUnitCenti } from "../../../../domain/length-units";
import type { DailyMovement, WarehouseStock } from "../../../../domain/report";
import { getLocale, t } from "../../../i18n";
import { intlLocale } from "../../../i18n/message";
import { formatDate, formatNumber } from "../../../lib/format";
import { wrapLabel } from "./wrap-label";

/**
 * The dashboard's two recharts drawings, in one module that dashboard-charts.tsx loads lazily:
 * recharts (about 100 kB gzipped) is fetched only when a chart is shown.
 */

/** Chart colours as plain values (SVG presentation attributes do not resolve CSS variables). */
const CHART_COLORS = {
  stock: "#475569",
  in: "#16a34a",
  out: "#dc2626",
  grid: "#e5e5e5",
  axis: "#737373",
};

/** "1.2K" / "1,2 rb": an axis tick in the language of the moment. */
const compactTick = (v: number) =>
  new Intl.NumberFormat(intlLocale(getLocale().language), {
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(v);

/** The API's yards in the user's unit, for the bars' heights. */
const inUnit = (yards: number, unit: LengthUnit) => yardsToUnitCenti(yards, unit) / 100;

/** The rows with every yards field in the user's unit. */
function inUnitRows<R extends object>(rows: R[]): R[] {
  const unit = getLocale().lengthUnit;
  if (unit === "yd") return rows;
  return rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          /Yards$/.test(k) && typeof v === "number" ? inUnit(v, unit) : v,
        ]),
      ) as R,
  );
}

/** "1,234.50 yards" / "1.128,83 meter": a bar's tooltip (its value is already in the unit). */
const tooltipLength = (value: unknown) =>
  `${formatNumber(Number(value), { min: 2, max: 2 })} ${t("common.length.unitWord", { unit: getLocale().lengthUnit })}`;

/** The chart's height: room for every warehouse's bar and name. */
function warehouseChartHeight(count: number): number {
  return Math.max(260, count * 40 + 40);
}

/** Warehouse names: two lines of about 18 characters (12 px) fit the axis' 132 px. */
const LABEL_CHARS = 18;
const LABEL_LINES = 2;

/**
 * A warehouse name left of its bar, wrapped between words over two lines rather than cut; a name
 * longer still ends with "…" and shows in full as the label's tooltip (and the bar's).
 */
function WarehouseTick({
  x,
  y,
  payload,
  className,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  className?: string;
}) {
  const name = String(payload?.value ?? "");
  const lines = wrapLabel(name, LABEL_CHARS, LABEL_LINES);
  // Centre the block of lines on the bar: the first line rises by half the extra lines.
  const firstDy = `${0.355 - ((lines.length - 1) * 1.15) / 2}em`;
  return (
    <text
      x={Number(x) - 4}
      y={Number(y)}
      textAnchor="end"
      fill={CHART_COLORS.axis}
      fontSize={12}
      className={className}
    >
      <title>{name}</title>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one label, in order
        <tspan key={i} x={Number(x) - 4} dy={i === 0 ? firstDy : "1.15em"}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * Yards held per warehouse, one horizontal bar each: names read left of their bars at any width
 * and any number of warehouses (recharts, loaded with this chunk only).
 */
export function StockByWarehouseChart({ data }: { data: WarehouseStock[] }) {
  return (
    <BarChart
      layout="vertical"
      responsive
      style={{ width: "100%", height: warehouseChartHeight(data.length) }}
      data={inUnitRows(data)}
      margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} stroke={CHART_COLORS.grid} />
      <XAxis
        type="number"
        tickLine={false}
        axisLine={false}
        tick={{ fill: CHART_COLORS.axis, fontSize: 12 }}
        tickFormatter={compactTick}
      />
      <YAxis
        type="category"
        dataKey="warehouseName"
        width={132}
        interval={0}
        tickLine={false}
        axisLine={false}
        tick={WarehouseTick}
      />
      <Tooltip
        cursor={{ fill: "rgba(0,0,0,0.04)" }}
        formatter={(value) => [tooltipLength(value), t("dashboard.charts.stock")]}
      />
      <Bar
        dataKey="totalYards"
        name={t("dashboard.charts.stock")}
        fill={CHART_COLORS.stock}
        radius={[0, 4, 4, 0]}
        maxBarSize={28}
        isAnimationActive={false}
      />
    </BarChart>
  );
}

/** "Mar 05" ("5 Mar") for an axis tick: the date without its year. */
const shortDate = (iso: string) => formatDate(iso).replace(/,? \d{4}$/, "");

/** Yards in and out per day, oldest first: a pair of bars per day (days without movement stay empty). */
export function DailyMovementChart({ data }: { data: DailyMovement[] }) {
  return (
    <BarChart
      responsive
      style={{ width: "100%", height: 260 }}
      data={inUnitRows(data)}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      barGap={1}
      accessibilityLayer={false}
    >
      <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
      <XAxis
        dataKey="date"
        tickLine={false}
        axisLine={false}
        tick={{ fill: CHART_COLORS.axis, fontSize: 12 }}
        tickFormatter={shortDate}
        minTickGap={24}
      />
      <YAxis
        width={48}
        tickLine={false}
        axisLine={false}
        tick={{ fill: CHART_COLORS.axis, fontSize: 12 }}
        tickFormatter={compactTick}
      />
      <Tooltip
        cursor={{ fill: "rgba(0,0,0,0.04)" }}
        labelFormatter={(label) => formatDate(String(label))}
        formatter={(value, name) => [tooltipLength(value), name]}
      />
      <Legend iconType="square" wrapperStyle={{ fontSize: 12 }} />
      <Bar
        dataKey="inYards"
        name={t("dashboard.charts.in", { unit: getLocale().lengthUnit })}
        fill={CHART_COLORS.in}
        radius={[2, 2, 0, 0]}
        isAnimationActive={false}
      />
      <Bar
        dataKey="outYards"
        name={t("dashboard.charts.out", { unit: getLocale().lengthUnit })}
        fill={CHART_COLORS.out}
        radius={[2, 2, 0, 0]}
        isAnimationActive={false}
      />
    </BarChart>
  );
}
