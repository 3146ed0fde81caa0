import { ArrowDownToLineIcon, PrinterIcon, XCircleIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { PurchaseOrder } from "../../../../domain/purchase-order";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FactsCard, RecordDetailShell } from "../../../components/record-detail";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { formatDate, formatTimestampDate } from "../../../lib/format";
import { useCan } from "../../auth/current-user";
import { useClosePurchaseOrder } from "../api/close-purchase-order";
import { usePurchaseOrder } from "../api/po-queries";
import { PurchaseOrderLinesCard } from "./po-lines-card";
import { PurchaseOrderReceiptsCard } from "./po-receipts-card";
import { PurchaseOrderStatusBadge } from "./po-status-badge";

/** Receiving is offered while the order still expects yards. */
export const isOpenOrder = (order: PurchaseOrder) =>
  order.status === "Open" || order.status === "Partly Received";

/** /purchase-orders/{id}: the order, its lines (ordered, received), its receipts, Print, Receive and Close. */
export function PurchaseOrderDetailScreen({ id }: { id: number | null }) {
  const { t } = useT();
  return (
    <RecordDetailShell
      id={id}
      query={usePurchaseOrder(id)}
      backHref="/purchase-orders"
      words={(order) => ({
        title: order ? t("purchaseOrders.detail.title", { number: order.number }) : "",
        loadingTitle: t("purchaseOrders.detail.titleLoading"),
        back: t("purchaseOrders.detail.back"),
        notFound: t("purchaseOrders.detail.notFound"),
      })}
    >
      {(order) => <OrderBody order={order} />}
    </RecordDetailShell>
  );
}

function OrderBody({ order }: { order: PurchaseOrder }) {
  const { t } = useT();
  const canBuy = useCan("admin");
  const canRecord = useCan("record");
  const open = isOpenOrder(order);
  const facts: [string, string][] = [
    [t("purchaseOrders.supplier"), order.supplierName],
    [t("purchaseOrders.warehouse"), order.warehouseName],
    [t("purchaseOrders.expectedDate"), formatDate(order.expectedDate)],
    [t("purchaseOrders.reference"), order.reference ?? ""],
    [t("purchaseOrders.detail.created"), `${formatTimestampDate(order.createdAt)} · ${order.createdBy}`],
  ];
  if (order.closedAt) facts.push([t("purchaseOrders.detail.closedAt"), formatTimestampDate(order.closedAt)]);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <PurchaseOrderStatusBadge status={order.status} />
        {canRecord && open ? (
          <Button asChild>
            <Link href={`/transactions/receive?purchaseOrder=${order.id}`}>
              <ArrowDownToLineIcon aria-hidden="true" />
              {t("purchaseOrders.detail.receive")}
            </Link>
          </Button>
        ) : null}
        <Button variant="outline" asChild>
          <Link href={`/purchase-orders/${order.id}/print`}>
            <PrinterIcon aria-hidden="true" />
            {t("purchaseOrders.detail.print")}
          </Link>
        </Button>
        {canBuy && open ? <CloseButton order={order} /> : null}
      </div>
      <FactsCard facts={facts} />
      <PurchaseOrderLinesCard order={order} />
      <PurchaseOrderReceiptsCard orderId={order.id} />
    </div>
  );
}

function CloseButton({ order }: { order: PurchaseOrder }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const close = useClosePurchaseOrder(order.id);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <XCircleIcon aria-hidden="true" />
        {t("purchaseOrders.detail.close")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("purchaseOrders.detail.closeTitle", { number: order.number })}
        description={t("purchaseOrders.detail.closeText")}
        confirmLabel={t("purchaseOrders.detail.close")}
        cancelLabel={t("purchaseOrders.detail.keepOpen")}
        destructive
        pending={close.isPending}
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: t("purchaseOrders.detail.closed", { number: order.number }) });
            },
            onError: (error) => toast({ variant: "destructive", title: errorMessage(error) }),
          })
        }
      />
    </>
  );
}
