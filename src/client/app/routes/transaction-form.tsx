import { useRoute } from "wouter";
import { TRANSACTION_KINDS, type TransactionKind } from "../../../domain/transaction-kinds";
import { RequireAccess } from "../../features/auth/components/require-access";
import { TransactionForm } from "../../features/transactions/form/transaction-form";
import NotFoundRoute from "./not-found";

function isKind(value: string | undefined): value is TransactionKind {
  return (TRANSACTION_KINDS as readonly string[]).includes(value ?? "");
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
