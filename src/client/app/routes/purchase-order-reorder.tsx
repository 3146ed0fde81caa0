import { ReorderScreen } from "../../features/purchase-orders/components/reorder-screen";

export default function ReorderRoute() {
  return <ReorderScreen />;
}
