import { PurchaseOrdersScreen } from "../../features/purchase-orders/components/po-list-screen";

export default function PurchaseOrdersRoute() {
  return <PurchaseOrdersScreen />;
}
