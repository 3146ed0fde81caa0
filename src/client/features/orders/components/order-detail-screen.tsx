import { ClipboardListIcon, ScanLineIcon, XCircleIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { LIVE_ORDER_STATUSES, type Order } from "../../../../domain/order";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FactsCard, RecordDetailShell, RecordLinesCard } from "../../../components/record-detail";
import { Button } from "../../../components/ui/button";
import { TableBody, TableCell, TableHead, TableRow } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { formatDate, formatLength, lengthUnitSymbol } from "../../../lib/format";
import { useCan } from "../../auth/current-user";
import { useCancelOrder } from "../api/cancel-order";
import { useOrder } from "../api/order-queries";
import { OrderStatusBadge } from "./order-status-badge";
import { ProposalCard } from "./proposal-card";

/** /orders/{id}: the order, its lines (reserved, fulfilled), the proposal to reserve, pick and Cancel. */
export function OrderDetailScreen({ id }: { id: number | null }) {
  const { t } = useT();
  return (
    <RecordDetailShell
      id={id}
      query={useOrder(id)}
      backHref="/orders"
      words={(order) => ({
        title: order ? t("orders.detail.title", { number: order.number }) : "",
        loadingTitle: t("orders.detail.titleLoading"),
        back: t("orders.detail.back"),
        notFound: t("orders.detail.notFound"),
      })}
    >
      {(order) => <OrderBody order={order} />}
    </RecordDetailShell>
  );
}

function OrderBody({ order }: { order: Order }) {
  const { t } = useT();
  const canRecord = useCan("record");
  const live = LIVE_ORDER_STATUSES.includes(order.status);
  const held = order.reservations.length > 0;
  const unit = lengthUnitSymbol();
  const facts: [string, string][] = [
    [t("orders.reference"), order.reference],
    [t("orders.customer"), order.customer ?? ""],
    [t("orders.dueDate"), formatDate(order.dueDate)],
    [t("orders.warehouse"), order.warehouseName],
  ];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} />
        {held ? (
          <>
            <Button variant="outline" asChild>
              <Link href={`/orders/${order.id}/pick-list`}>
                <ClipboardListIcon aria-hidden="true" />
                {t("orders.detail.pickList")}
              </Link>
            </Button>
            {canRecord && live ? (
              <Button asChild>
                <Link href={`/orders/${order.id}/pick`}>
                  <ScanLineIcon aria-hidden="true" />
                  {t("orders.detail.pick")}
                </Link>
              </Button>
            ) : null}
          </>
        ) : null}
        {canRecord && live ? <CancelButton order={order} /> : null}
      </div>
      <FactsCard facts={facts} />
      <RecordLinesCard
        title={t("orders.lines")}
        material={t("orders.material")}
        ordered={t("orders.orderedHeader", { unit })}
        heads={
          <>
            <TableHead className="text-right">{t("orders.reservedHeader", { unit })}</TableHead>
            <TableHead className="text-right">{t("orders.fulfilledHeader", { unit })}</TableHead>
          </>
        }
        after={
          held ? (
            <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label={t("orders.detail.heldRolls")}>
              {order.reservations.map((r) => (
                <li key={`${r.lineId}-${r.rollId}`} className="rounded-md border px-2 py-1">
                  <span className="font-mono">{r.rollCode}</span> · {r.batch} · {formatLength(r.yards)} {unit}
                </li>
              ))}
            </ul>
          ) : null
        }
      >
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell className="min-w-32 whitespace-normal">
                {line.typeName} · {line.colorName}
                <span className="block text-xs text-muted-foreground">
                  {t(line.onePiece ? "orders.onePiece" : line.oneLot ? "orders.oneLot" : "orders.anyLot")}
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatLength(line.yards)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatLength(line.reservedYards)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatLength(line.fulfilledYards)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </RecordLinesCard>
      {canRecord && live ? <ProposalCard order={order} /> : null}
    </div>
  );
}

function CancelButton({ order }: { order: Order }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(order.id);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <XCircleIcon aria-hidden="true" />
        {t("orders.detail.cancelOrder")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("orders.detail.cancelTitle", { number: order.number })}
        description={t("orders.detail.cancelText")}
        confirmLabel={t("orders.detail.cancelOrder")}
        cancelLabel={t("orders.detail.keepOrder")}
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: t("orders.detail.cancelled", { number: order.number }) });
            },
            onError: (error) => toast({ variant: "destructive", title: errorMessage(error) }),
          })
        }
      />
    </>
  );
}
