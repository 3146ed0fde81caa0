import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Threshold } from "../../../../domain/threshold";
import { api } from "../../../lib/api-client";
import { thresholdKeys } from "./query-keys";

export function listThresholds(): Promise<Threshold[]> {
  return api.get<Threshold[]>("/api/thresholds");
}

export const thresholdsQueryOptions = () =>
  queryOptions({ queryKey: thresholdKeys.list(), queryFn: listThresholds });

/** All stock thresholds with their material's type and color, ordered by material and batch. */
export function useThresholds() {
  return useQuery(thresholdsQueryOptions());
}
