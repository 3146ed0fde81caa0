import { ThresholdsScreen } from "../../features/thresholds/components/thresholds-screen";

export default function ThresholdsRoute() {
  return <ThresholdsScreen />;
}
