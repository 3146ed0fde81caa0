import { PageHeader } from "../../components/page-header";

export default function StockStatusReportRoute() {
  return <PageHeader title="Stock Status Report" />;
}
