import { LabelsScreen } from "../../features/labels/labels-screen";

export default function RollLabelsRoute() {
  return <LabelsScreen />;
}
