import { SupplierShortagesScreen } from "../../features/reports/supplier-shortages/supplier-shortages-screen";

export default function SupplierShortagesReportRoute() {
  return <SupplierShortagesScreen />;
}
