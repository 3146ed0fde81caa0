import { StockStatusScreen } from "../../features/reports/stock-status/stock-status-screen";

export default function StockStatusReportRoute() {
  return <StockStatusScreen />;
}
