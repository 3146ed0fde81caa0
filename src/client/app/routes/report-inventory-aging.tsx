import { AgingScreen } from "../../features/reports/aging/aging-screen";

export default function InventoryAgingReportRoute() {
  return <AgingScreen />;
}
