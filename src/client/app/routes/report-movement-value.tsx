import { RequireAccess } from "../../features/auth/components/require-access";
import { MovementValueScreen } from "../../features/reports/movement-value/movement-value-screen";

/** Money is for administrators only (CONTRACT.md section 11). */
export default function MovementValueReportRoute() {
  return (
    <RequireAccess access="admin">
      <MovementValueScreen />
    </RequireAccess>
  );
}
