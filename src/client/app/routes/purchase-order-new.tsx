import { NewPurchaseOrderForm } from "../../features/purchase-orders/components/new-po-form";

export default function NewPurchaseOrderRoute() {
  return <NewPurchaseOrderForm />;
}
