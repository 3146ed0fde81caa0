import type { OrderStatus } from "../../../../domain/order";
import { Badge, type BadgeProps } from "../../../components/ui/badge";
import { useT } from "../../../i18n";

const VARIANT: Record<OrderStatus, BadgeProps["variant"]> = {
  Open: "outline",
  Reserved: "secondary",
  "Partly Fulfilled": "secondary",
  Fulfilled: "success",
  Cancelled: "destructive",
};

/** The status's catalog key: "Partly Fulfilled" -> orders.status.PartlyFulfilled. */
export const statusKey = (status: OrderStatus) => `orders.status.${status.replace(" ", "")}`;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useT();
  return <Badge variant={VARIANT[status]}>{t(statusKey(status))}</Badge>;
}
