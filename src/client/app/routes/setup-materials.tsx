import { MaterialsScreen } from "../../features/materials/components/materials-screen";

export default function MaterialsRoute() {
  return <MaterialsScreen />;
}
