import { TransactionHistoryScreen } from "../../features/reports/transaction-history/transaction-history-screen";

export default function TransactionHistoryReportRoute() {
  return <TransactionHistoryScreen />;
}
