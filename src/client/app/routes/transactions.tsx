import { PageHeader } from "../../components/page-header";

export default function TransactionsRoute() {
  return <PageHeader title="Transactions" />;
}
