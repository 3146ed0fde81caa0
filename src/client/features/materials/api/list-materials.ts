import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Material } from "../../../../domain/material";
import { api } from "../../../lib/api-client";
import { materialKeys } from "./query-keys";

/** `includeArchived`: archived ones too (the setup screen); without it, those in use (pickers, filters). */
export function listMaterials(filters: { includeArchived?: boolean } = {}): Promise<Material[]> {
  return api.get<Material[]>("/api/materials", {
    query: filters.includeArchived ? { includeArchived: true } : {},
  });
}

export const materialsQueryOptions = (filters: { includeArchived?: boolean } = {}) =>
  queryOptions({ queryKey: materialKeys.list(filters), queryFn: () => listMaterials(filters) });

/** The materials in use (not archived) (type + color), ordered by type and color. */
export function useMaterials() {
  return useQuery(materialsQueryOptions());
}

/** The active materials as a picker's choices ("Type · Color"), for the new order and purchase order forms. */
export function useMaterialOptions() {
  const materials = useMaterials();
  return (materials.data ?? [])
    .filter((m) => m.isActive)
    .map((m) => ({ value: String(m.id), label: `${m.typeName} · ${m.colorName}` }));
}
