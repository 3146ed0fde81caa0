import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Supplier } from "../../../../domain/supplier";
import { api } from "../../../lib/api-client";
import { supplierKeys } from "./query-keys";

export function listSuppliers(): Promise<Supplier[]> {
  return api.get<Supplier[]>("/api/suppliers");
}

export const suppliersQueryOptions = () =>
  queryOptions({ queryKey: supplierKeys.list(), queryFn: listSuppliers });

/** All suppliers, ordered by name. */
export function useSuppliers() {
  return useQuery(suppliersQueryOptions());
}
