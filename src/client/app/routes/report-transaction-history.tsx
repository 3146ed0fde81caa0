import { PageHeader } from "../../components/page-header";

export default function TransactionHistoryReportRoute() {
  return <PageHeader title="Transaction History" />;
}
