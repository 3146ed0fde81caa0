import type { QueryClient } from "@tanstack/react-query";
import { lazy } from "react";
import { useRoute } from "wouter";
import { KIND_REQUIREMENTS } from "../../../domain/transaction";
import { TRANSACTION_KINDS, type TransactionKind } from "../../../domain/transaction-kinds";
import { RequireAccess } from "../../features/auth/components/require-access";
import { materialsQueryOptions } from "../../features/materials/api/list-materials";
import { suppliersQueryOptions } from "../../features/suppliers/api/list-suppliers";
import { modeOf, TransactionForm } from "../../features/transactions/form/transaction-form";
import { warehousesQueryOptions } from "../../features/warehouses/api/list-warehouses";

// Only for a hand-made kind the router does not send here: not a file the form's first load waits for.
const NotFoundRoute = lazy(() => import("./not-found"));

function isKind(value: string | undefined): value is TransactionKind {
  return (TRANSACTION_KINDS as readonly string[]).includes(value ?? "");
}

/**
 * Asks for the lists the form's pickers offer as the app starts, alongside "who is signed in"
 * (router.tsx): the warehouses, and the suppliers and materials when the kind picks them (the
 * consumption kinds pick from a warehouse's stock, asked for once a warehouse is chosen).
 */
export function prefetch(queryClient: QueryClient) {
  const kind = /^\/transactions\/([^/]+)$/.exec(window.location.pathname)?.[1];
  if (!isKind(kind)) return;
  void queryClient.prefetchQuery(warehousesQueryOptions());
  if (KIND_REQUIREMENTS[kind].includes("supplierId")) void queryClient.prefetchQuery(suppliersQueryOptions());
  if (modeOf(kind) !== "stock") void queryClient.prefetchQuery(materialsQueryOptions());
}

/** /transactions/{kind}: one form for the six kinds; viewers cannot record. */
export default function TransactionFormRoute() {
  const [, params] = useRoute("/transactions/:kind");
  const kind = params?.kind;
  if (!isKind(kind)) return <NotFoundRoute />;
  return (
    <RequireAccess access="record">
      {/* A fresh form per kind: nothing typed on one kind's form leaks into another's. */}
      <TransactionForm key={kind} kind={kind} />
    </RequireAccess>
  );
}
