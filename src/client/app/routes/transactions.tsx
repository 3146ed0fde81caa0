import { TransactionsScreen } from "../../features/transactions/list/transactions-screen";

export default function TransactionsRoute() {
  return <TransactionsScreen />;
}
