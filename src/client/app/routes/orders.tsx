import { OrdersScreen } from "../../features/orders/components/orders-screen";

export default function OrdersRoute() {
  return <OrdersScreen />;
}
