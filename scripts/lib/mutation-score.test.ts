import { describe, expect, it } from "vitest";
import { fileScores, type MutationReport, totals } from "./mutation-score";

const report = (files: Record<string, string[]>, source = "v1"): MutationReport => ({
  files: Object.fromEntries(
    Object.entries(files).map(([file, statuses]) => [
      file,
      { source, mutants: statuses.map((status) => ({ status })) },
    ]),
  ),
});

describe("mutation score over several scoped runs", () => {
  it("scores each file from the last report that mutated it, and the total over those files", () => {
    const first = report({
      "src/p/a.ts": ["Killed", "Survived", "Survived", "NoCoverage"],
      "src/p/b.ts": ["Killed", "Timeout", "Survived", "Ignored"],
    });
    const second = report({ "src/p/a.ts": ["Killed", "Killed", "Killed", "Survived"] }, "v2");
    const scores = fileScores([first, second], "src/p/");
    expect(
      scores.map((s) => [
        s.file,
        s.report,
        s.killed,
        s.timeout,
        s.survived,
        s.noCoverage,
        s.ignored,
        s.source,
      ]),
    ).toEqual([
      ["src/p/a.ts", 1, 3, 0, 1, 0, 0, "v2"],
      ["src/p/b.ts", 0, 1, 1, 1, 0, 1, "v1"],
    ]);
    // a: 3 of 4; b: 2 of 3 (the ignored mutant counts in neither): 5 of 7.
    expect(totals(scores)).toEqual({ detected: 5, undetected: 2, score: (100 * 5) / 7 });
  });

  it("keeps only files under the path asked for, and has no score without a counted mutant", () => {
    const r = report({ "src/p/a.ts": ["Ignored", "CompileError"], "src/q/c.ts": ["Survived"] });
    const scores = fileScores([r], "src/p/");
    expect(scores.map((s) => s.file)).toEqual(["src/p/a.ts"]);
    expect(totals(scores)).toEqual({ detected: 0, undetected: 0, score: null });
  });
});
