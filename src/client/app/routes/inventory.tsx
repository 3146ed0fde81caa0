import { InventoryScreen } from "../../features/inventory/components/inventory-screen";

export default function InventoryRoute() {
  return <InventoryScreen />;
}
