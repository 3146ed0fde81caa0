import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RollDetail } from "../../../../domain/roll";
import { api } from "../../../lib/api-client";
import { rollKeys } from "./query-keys";

/** One roll, the code of the roll it was cut from, and its movements (GET /api/rolls/{id}). */
export function getRoll(id: number): Promise<RollDetail> {
  return api.get<RollDetail>(`/api/rolls/${id}`);
}

export const rollQueryOptions = (id: number) =>
  queryOptions({ queryKey: rollKeys.detail(id), queryFn: () => getRoll(id) });

/** One roll; only runs when there is an id (an address that is no id is "Roll not found"). */
export function useRoll(id: number | null) {
  return useQuery({ ...rollQueryOptions(id ?? 0), enabled: id !== null });
}
