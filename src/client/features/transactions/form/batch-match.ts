/**
 * How a typed batch relates to the batches a material already has (Receive and Stock Opname type
 * their batch). Batches are codes compared exactly by the server, so "l-2611-7" would start a new
 * batch beside "L-2611-7": the form offers the existing one and asks before creating a new one.
 */

/** Characters that show as nothing: a batch differing only by them looks the same. */
const INVISIBLE = /[\s\u00ad\u180e\u200b-\u200f\u2060\ufeff]/gu;

/** The key under which two batches look alike: Unicode-normalised, case-folded, without any spaces. */
export function batchLookKey(batch: string): string {
  return batch.normalize("NFKC").replace(INVISIBLE, "").toLocaleLowerCase("und");
}

export type BatchMatch =
  /** Nothing typed (or no material yet): nothing to say. */
  | { status: "empty" }
  /** Exactly one of the material's batches (after trimming, as the server stores it). */
  | { status: "known" }
  /** Not one of them, but differing only in case or spacing from these. */
  | { status: "similar"; suggestions: string[] }
  /** A batch the material has never had. */
  | { status: "new" };

/** Compares the typed batch with the material's existing batches. */
export function matchBatch(typed: string, existing: readonly string[]): BatchMatch {
  const batch = typed.trim();
  if (batchLookKey(batch) === "") return { status: "empty" };
  if (existing.includes(batch)) return { status: "known" };
  const key = batchLookKey(batch);
  const suggestions = [...new Set(existing.filter((b) => batchLookKey(b) === key))].sort();
  return suggestions.length > 0 ? { status: "similar", suggestions } : { status: "new" };
}

/**
 * The text to ask the server's batch search ("contains, ignoring case") for, so that its answer
 * holds every batch that may look like the typed one: the longest run without spaces (a look-alike
 * contains it, whatever spacing it has). "" when nothing is typed.
 */
export function batchSearchTerm(typed: string): string {
  const runs = typed.normalize("NFKC").split(INVISIBLE);
  return runs.reduce((longest, run) => (run.length > longest.length ? run : longest), "");
}

/** Whether saving this row needs the clerk's "New batch" confirmation. */
export function needsNewBatchConfirmation(match: BatchMatch): boolean {
  return match.status === "new" || match.status === "similar";
}
