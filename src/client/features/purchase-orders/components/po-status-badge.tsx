import type { PurchaseOrderStatus } from "../../../../domain/purchase-order";
import { Badge, type BadgeProps } from "../../../components/ui/badge";
import { useT } from "../../../i18n";

const VARIANT: Record<PurchaseOrderStatus, BadgeProps["variant"]> = {
  Open: "outline",
  "Partly Received": "secondary",
  Received: "success",
  Closed: "secondary",
};

/** The status's catalog key: "Partly Received" -> purchaseOrders.status.PartlyReceived. */
export const poStatusKey = (status: PurchaseOrderStatus) =>
  `purchaseOrders.status.${status.replace(" ", "")}`;

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useT();
  return <Badge variant={VARIANT[status]}>{t(poStatusKey(status))}</Badge>;
}
