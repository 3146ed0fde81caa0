import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Material } from "../../../../domain/material";
import { api } from "../../../lib/api-client";
import { materialKeys } from "./query-keys";

export function listMaterials(): Promise<Material[]> {
  return api.get<Material[]>("/api/materials");
}

export const materialsQueryOptions = () =>
  queryOptions({ queryKey: materialKeys.list(), queryFn: listMaterials });

/** All materials (type + color), ordered by type and color. */
export function useMaterials() {
  return useQuery(materialsQueryOptions());
}
