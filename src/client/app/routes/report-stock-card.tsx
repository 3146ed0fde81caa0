import { StockCardScreen } from "../../features/reports/stock-card/stock-card-screen";

export default function StockCardReportRoute() {
  return <StockCardScreen />;
}
