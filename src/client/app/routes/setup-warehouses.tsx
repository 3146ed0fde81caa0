import { WarehousesScreen } from "../../features/warehouses/components/warehouses-screen";

export default function WarehousesRoute() {
  return <WarehousesScreen />;
}
