import { describe, expect, it } from "vitest";
import { clientMeasures, ENGINE_MEASURES } from "./bench-measures";
import { type MeasureDef, reportRow } from "./bench-verdict";

const byLabel = (label: string) => {
  const def = ENGINE_MEASURES.find((d) => d.label === label);
  if (!def) throw new Error(`no measure "${label}"`);
  return def;
};
const slowMachine = { before: 120, after: 120 };

describe("the bench's measures (issue 34 point 5)", () => {
  it("normalises every millisecond target and nothing with a ratio, size or score target", () => {
    const targeted = [...ENGINE_MEASURES, ...clientMeasures(["dashboard"], ["dashboard"])].filter(
      (d): d is MeasureDef & Required<Pick<MeasureDef, "target">> => d.target !== undefined,
    );
    for (const def of targeted)
      expect([def.label, def.scaling]).toEqual([def.label, def.unit === "ms" ? "time" : "none"]);
  });

  it("judges a read's ms target at the reference probe: 15 ms on a probe of 120 ms is 7.5 ms", () => {
    const row = reportRow("sqlite", byLabel("dashboard p95"), [
      { result: { reads: { dashboard: { p95: 15 } } }, probe: slowMachine },
    ]);
    expect(row.normalised).toBe(7.5);
    expect(row.verdict).toBe("PASS");
  });

  it("shows the multi-roll rate at its median (81%) as EDGE against the 80% line, 71% as FAIL", () => {
    const def = byLabel("multi-roll / single-roll posting rate, same keys");
    const at = (ratio: number) =>
      reportRow("sqlite", def, [{ result: { rolls: { multiOverSameKeys: ratio } }, probe: slowMachine }]);
    expect(at(0.81).verdict).toBe("EDGE");
    expect(at(0.81).normalised).toBeNull();
    expect(at(0.71).verdict).toBe("FAIL");
  });

  it("judges the memory at rest on its raw MB, whatever the machine's speed", () => {
    const row = reportRow("postgres", byLabel("RSS 2.5 s after the read suite"), [
      { result: { rssAfterReadsIdleMb: 230 }, probe: { before: 30, after: 30 } },
    ]);
    expect(row.normalised).toBeNull();
    expect(row.verdict).toBe("FAIL");
  });

  it("lists the screens and Lighthouse pages only when they were measured", () => {
    const labels = clientMeasures([], []).map((d) => d.label);
    expect(labels.some((l) => l.startsWith("screen") || l.startsWith("Lighthouse"))).toBe(false);
    expect(clientMeasures(["inventory"], ["inventory"]).length).toBe(labels.length + 4);
  });
});
