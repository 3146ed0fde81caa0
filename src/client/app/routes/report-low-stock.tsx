import { PageHeader } from "../../components/page-header";

export default function LowStockReportRoute() {
  return <PageHeader title="Low Stock Alert" />;
}
