import { useRoute } from "wouter";
import { PurchaseOrderDetailScreen } from "../../features/purchase-orders/components/po-detail-screen";
import { PurchaseOrderPrintScreen } from "../../features/purchase-orders/components/po-print-screen";

/** /purchase-orders/{id} and /purchase-orders/{id}/print; an id that is no whole number is "not found". */
export default function PurchaseOrderDetailRoute() {
  const [, params] = useRoute<{ id: string; view?: string }>("/purchase-orders/:id/:view?");
  const id = Number(params?.id);
  const Screen = params?.view === "print" ? PurchaseOrderPrintScreen : PurchaseOrderDetailScreen;
  return <Screen id={Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null} />;
}
