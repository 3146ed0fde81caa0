import { z } from "zod";

/**
 * Who did what (issue 16 point 4): each change of master data, with the user and the time. The
 * server records them (modules/history), the setup screens show them in a row's History dialog.
 */
export const HISTORY_ENTITIES = ["warehouse", "supplier", "material", "threshold", "user"] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

export const HISTORY_ACTIONS = ["create", "update", "archive", "restore", "delete"] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** A password is never recorded, only that it changed. */
export const PASSWORD_CHANGED = "changed";

/**
 * The fields that changed, by their API names: `[before, after]` (null before a create, after a
 * delete); `password` is only ever the word "changed".
 */
export const HistoryChangesSchema = z.record(
  z.string(),
  z.union([z.tuple([z.unknown(), z.unknown()]), z.literal(PASSWORD_CHANGED)]),
);
export type HistoryChanges = z.infer<typeof HistoryChangesSchema>;

export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(HISTORY_ACTIONS),
  changes: HistoryChangesSchema,
  /** Who made the change. */
  username: z.string(),
  /** ISO-8601 UTC. */
  changedAt: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/**
 * The changed fields between two states of a record as the API shows it (`id` and `createdAt`
 * left out): a create has no `before`, a delete no `after` (fields empty on both sides are left out).
 */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (field === "id" || field === "createdAt") continue;
    const a = before ? (before[field] ?? null) : null;
    const b = after ? (after[field] ?? null) : null;
    if (Object.is(a, b)) continue;
    changes[field] = [a, b];
  }
  return changes;
}
