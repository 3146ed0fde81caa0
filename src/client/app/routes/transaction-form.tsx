import { useRoute } from "wouter";
import { KIND_INFO, TRANSACTION_KINDS, type TransactionKind } from "../../../domain/transaction-kinds";
import { PageHeader } from "../../components/page-header";
import { RequireAccess } from "../../features/auth/components/require-access";
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
      <PageHeader title={`Transaction: ${KIND_INFO[kind].title}`} />
    </RequireAccess>
  );
}
