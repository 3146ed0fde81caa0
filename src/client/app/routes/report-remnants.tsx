import { RemnantsScreen } from "../../features/reports/remnants/remnants-screen";

export default function RemnantsReportRoute() {
  return <RemnantsScreen />;
}
