import { PageHeader } from "../../components/page-header";

export default function InventoryAgingReportRoute() {
  return <PageHeader title="Inventory Aging Report" />;
}
