import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Supplier } from "../../../../domain/supplier";
import { api } from "../../../lib/api-client";
import { supplierKeys } from "./query-keys";

/** `includeArchived`: archived ones too (the setup screen); without it, those in use (pickers, filters). */
export function listSuppliers(filters: { includeArchived?: boolean } = {}): Promise<Supplier[]> {
  return api.get<Supplier[]>("/api/suppliers", {
    query: filters.includeArchived ? { includeArchived: true } : {},
  });
}

export const suppliersQueryOptions = (filters: { includeArchived?: boolean } = {}) =>
  queryOptions({ queryKey: supplierKeys.list(filters), queryFn: () => listSuppliers(filters) });

/** The suppliers in use (not archived), ordered by name. */
export function useSuppliers() {
  return useQuery(suppliersQueryOptions());
}
