import { KIND_INFO, type TransactionKind } from "../../../../domain/transaction-kinds";

/** What a saved line says about a roll: which one, and by how much it changed. */
export interface CutLine {
  rollId: number | null;
  yardsChange: number;
}

/**
 * The rolls a posting may have cut, in line order (CONTRACT.md section 12, labels follow cuts): the
 * rolls it took yards from, and on a transfer the pieces cut off, new at the destination. A roll a
 * transfer moved whole (taken and put back under its own id) keeps its label. Receives and counts
 * cut nothing.
 */
export function cutCandidates(
  kind: TransactionKind,
  lines: readonly CutLine[],
): { taken: number[]; pieces: number[] } {
  const direction = KIND_INFO[kind].direction;
  if (direction !== "out" && direction !== "transfer") return { taken: [], pieces: [] };
  const taken = new Set<number>();
  const added = new Set<number>();
  for (const line of lines) {
    if (line.rollId === null) continue;
    if (line.yardsChange < 0) taken.add(line.rollId);
    else if (line.yardsChange > 0) added.add(line.rollId);
  }
  return {
    taken: [...taken].filter((id) => !added.has(id)),
    pieces: [...added].filter((id) => !taken.has(id)),
  };
}

/**
 * The rolls whose labels changed: the taken rolls that still hold something (a roll used up needs no
 * label), and every piece cut off. `lengthOf` answers a roll's length after the posting; a roll it
 * does not know is offered (better a label too many than a wrong one on the shelf).
 */
export function cutRollIds(
  candidates: { taken: readonly number[]; pieces: readonly number[] },
  lengthOf: (rollId: number) => number | undefined,
): number[] {
  const kept = candidates.taken.filter((id) => (lengthOf(id) ?? 1) > 0);
  return [...kept, ...candidates.pieces];
}
