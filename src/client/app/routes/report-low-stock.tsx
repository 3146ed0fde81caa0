import { LowStockScreen } from "../../features/reports/low-stock/low-stock-screen";

export default function LowStockReportRoute() {
  return <LowStockScreen />;
}
