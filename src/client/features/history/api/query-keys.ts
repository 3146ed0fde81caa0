import type { HistoryEntity } from "../../../../domain/history";

/** Query keys of the history area. The dialog reads afresh each time it opens (staleTime 0). */
export const historyKeys = {
  all: ["history"] as const,
  of: (entity: HistoryEntity, id: number, limit: number) => [...historyKeys.all, entity, id, limit] as const,
};
