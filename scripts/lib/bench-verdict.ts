/**
 * How the bench reads its figures (issue 34 point 5, "a bench that gives the same answer twice"):
 * pure, so that the rules are unit-tested (bench-verdict.test.ts).
 * - A figure is reported raw and normalised to a machine probe of REFERENCE_PROBE_MS: the bench
 *   times `machineProbe` before and after each engine's measures, and a run's figures are read at
 *   the mean of the two. Times scale by reference / probe, rates by probe / reference; ratios, sizes
 *   and scores are not normalised (both sides of a ratio are taken in alternating rounds of one run).
 * - A millisecond target is judged on the normalised figure, every other target on the raw one.
 * - With `--repeat n` each figure (raw, and normalised) is the median of its n runs.
 * - Verdict: FAIL when the figure is worse than its target by more than EDGE_BAND of the target,
 *   EDGE when it is within EDGE_BAND of the target on either side (both bounds included), PASS when
 *   it meets the target by more than EDGE_BAND. A target with `exact` (a score of 100) has no band.
 */

export const REFERENCE_PROBE_MS = 60;
export const EDGE_BAND = 0.1;

export type Verdict = "PASS" | "EDGE" | "FAIL";
/** How a figure follows the machine's speed: a time grows on a slower machine, a rate shrinks. */
export type Scaling = "time" | "rate" | "none";

export interface Target {
  op: "<=" | ">=";
  value: number;
  /** No EDGE band: a target the figure cannot beat by 10% (a Lighthouse score of 100). */
  exact?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: a run's results are a loose JSON report
export type Loose = Record<string, any>;

export interface MeasureDef {
  label: string;
  unit: "ms" | "postings/s" | "%" | "x" | "MB" | "KB" | "score";
  scaling: Scaling;
  target?: Target;
  /** The figure from one run's results of one engine; undefined or NaN when not measured. */
  pick: (r: Loose) => number | undefined;
}

export interface Probe {
  before: number;
  after: number;
}

export interface ReportRow {
  engine: string;
  measure: string;
  unit: MeasureDef["unit"];
  target: string;
  raw: number | null;
  normalised: number | null;
  verdict: Verdict | null;
  /** Each run's raw figure, in run order (the medians above are taken over these). */
  runs: (number | null)[];
  normalisedRuns: (number | null)[];
}

const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);

/** The middle value (the mean of the two middle ones for an even count); null when none is a number. */
export function medianOf(values: readonly (number | null | undefined)[]): number | null {
  const sorted = values.filter(finite).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function meanProbe(probe: Probe): number {
  return (probe.before + probe.after) / 2;
}

/** `value` as it would read on a machine whose probe takes REFERENCE_PROBE_MS. */
export function normalise(
  value: number | null | undefined,
  scaling: Scaling,
  probeMs: number,
): number | null {
  if (!finite(value) || scaling === "none" || !finite(probeMs) || probeMs <= 0) return null;
  return scaling === "time" ? (value * REFERENCE_PROBE_MS) / probeMs : (value * probeMs) / REFERENCE_PROBE_MS;
}

export function verdict(value: number | null | undefined, target: Target | undefined): Verdict | null {
  if (!target || !finite(value)) return null;
  // How far the figure is on the wrong side of the line, as a share of the target (negative: met).
  const worse = target.op === "<=" ? value - target.value : target.value - value;
  // The bounds are included: a figure exactly 10% off the line is EDGE (a hair of slack for floats:
  // 1.65 - 1.5 is not 0.15 in binary).
  const band = target.exact ? 0 : EDGE_BAND * Math.abs(target.value) * (1 + 1e-9);
  if (worse > band) return "FAIL";
  if (!target.exact && worse >= -band) return "EDGE";
  return "PASS";
}

export function formatTarget(def: MeasureDef): string {
  if (!def.target) return "";
  const { op, value } = def.target;
  const unit = def.unit === "x" ? "x" : def.unit === "%" ? "%" : def.unit === "score" ? "" : ` ${def.unit}`;
  return `${op} ${value}${unit}`;
}

/** The report's row of one measure of one engine over its runs (results and probe of each run). */
export function reportRow(
  engine: string,
  def: MeasureDef,
  runs: readonly { result: Loose; probe: Probe | null }[],
): ReportRow {
  const raws = runs.map((run) => {
    const v = def.pick(run.result);
    return finite(v) ? v : null;
  });
  const normals = runs.map((run, i) =>
    run.probe ? normalise(raws[i], def.scaling, meanProbe(run.probe)) : null,
  );
  const raw = medianOf(raws);
  const normalised = medianOf(normals);
  const judged = def.target && def.unit === "ms" ? normalised : raw;
  return {
    engine,
    measure: def.label,
    unit: def.unit,
    target: formatTarget(def),
    raw,
    normalised,
    verdict: verdict(judged, def.target),
    runs: raws,
    normalisedRuns: normals,
  };
}

const DIGITS: Record<MeasureDef["unit"], number> = {
  ms: 1,
  "postings/s": 1,
  "%": 0,
  x: 2,
  MB: 0,
  KB: 1,
  score: 0,
};

export function formatFigure(value: number | null, unit: MeasureDef["unit"]): string {
  if (value === null) return "-";
  const text = value.toFixed(DIGITS[unit]);
  return unit === "%" ? `${text}%` : unit === "x" ? `${text}x` : text;
}

/** The one table the bench prints: markdown, a row per engine and measure. */
export function formatTable(rows: readonly ReportRow[]): string {
  const lines = ["| engine | measure | target | raw | normalised | verdict |", "|---|---|---|---|---|---|"];
  for (const r of rows) {
    const unit = r.unit === "%" || r.unit === "x" || r.unit === "score" ? "" : ` (${r.unit})`;
    lines.push(
      `| ${r.engine} | ${r.measure}${unit} | ${r.target || "-"} | ${formatFigure(r.raw, r.unit)} | ${formatFigure(r.normalised, r.unit)} | ${r.verdict ?? "-"} |`,
    );
  }
  return lines.join("\n");
}
