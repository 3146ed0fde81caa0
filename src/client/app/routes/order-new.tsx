import { NewOrderForm } from "../../features/orders/components/new-order-form";

export default function NewOrderRoute() {
  return <NewOrderForm />;
}
