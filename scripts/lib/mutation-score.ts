/**
 * Scores of Stryker JSON reports (mutation-testing-report-schema), for a folder measured in several
 * scoped runs (issue 40): each file is scored from the last report given that mutated it, and the
 * total is taken over those files. Score = detected / (detected + survived + no coverage), detected
 * being killed or timed out; ignored mutants (marked equivalent in the code, or static ones left out
 * by --ignoreStatic) and compile errors count in neither, as in Stryker's own "mutation score".
 */
export interface ReportFile {
  source: string;
  mutants: { status: string }[];
}
export interface MutationReport {
  files: Record<string, ReportFile>;
}

export interface FileScore {
  file: string;
  /** Which report (index in the list given) it was scored from. */
  report: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  /** The file's source as measured (compare with today's to see whether the figure is current). */
  source: string;
}

export interface Totals {
  detected: number;
  undetected: number;
  /** Percent, or null when no mutant counts. */
  score: number | null;
}

/** Files whose path contains `within`, each from the last report that has it. */
export function fileScores(reports: readonly MutationReport[], within = ""): FileScore[] {
  const byFile = new Map<string, FileScore>();
  reports.forEach((report, index) => {
    for (const [file, entry] of Object.entries(report.files)) {
      if (!file.includes(within)) continue;
      const score: FileScore = {
        file,
        report: index,
        killed: 0,
        timeout: 0,
        survived: 0,
        noCoverage: 0,
        ignored: 0,
        source: entry.source,
      };
      for (const mutant of entry.mutants) {
        if (mutant.status === "Killed") score.killed++;
        else if (mutant.status === "Timeout") score.timeout++;
        else if (mutant.status === "Survived") score.survived++;
        else if (mutant.status === "NoCoverage") score.noCoverage++;
        else if (mutant.status === "Ignored") score.ignored++;
      }
      byFile.set(file, score);
    }
  });
  return [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
}

export function totals(scores: readonly FileScore[]): Totals {
  let detected = 0;
  let undetected = 0;
  for (const s of scores) {
    detected += s.killed + s.timeout;
    undetected += s.survived + s.noCoverage;
  }
  const all = detected + undetected;
  return { detected, undetected, score: all === 0 ? null : (100 * detected) / all };
}
