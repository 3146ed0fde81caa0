import { useRoute } from "wouter";
import { TransactionDetailScreen } from "../../features/transactions/detail/transaction-detail-screen";

/** /transactions/{id}; an id that is not a positive whole number shows "Transaction Not Found". */
export default function TransactionDetailRoute() {
  const [, params] = useRoute("/transactions/:id");
  const id = Number(params?.id);
  return <TransactionDetailScreen id={Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null} />;
}
