import { PageHeader } from "../../components/page-header";

export default function TransactionDetailRoute() {
  return <PageHeader title="Transaction Detail" />;
}
