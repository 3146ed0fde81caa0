import { RequireAccess } from "../../features/auth/components/require-access";
import { StockValueScreen } from "../../features/reports/stock-value/stock-value-screen";

/** Money is for administrators only (CONTRACT.md section 11). */
export default function StockValueReportRoute() {
  return (
    <RequireAccess access="admin">
      <StockValueScreen />
    </RequireAccess>
  );
}
