import { PlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from "../../../../domain/purchase-order";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { formatDate, formatLength, lengthUnitSymbol } from "../../../lib/format";
import { useCan } from "../../auth/current-user";
import { Pagination } from "../../transactions/list/pagination";
import { PURCHASE_ORDERS_PAGE_SIZE, usePurchaseOrdersPage } from "../api/po-queries";
import { PurchaseOrderStatusBadge, poStatusKey } from "./po-status-badge";

const ALL = "all";

/** /purchase-orders: the purchase orders, newest first, filtered by status, a page at a time; New for admins. */
export function PurchaseOrdersScreen() {
  const { t } = useT();
  const canBuy = useCan("admin");
  const statusId = useId();
  const [status, setStatus] = useState<PurchaseOrderStatus | undefined>();
  const [pageIndex, setPageIndex] = useState(0);
  const page = usePurchaseOrdersPage({ status }, pageIndex);
  const unit = lengthUnitSymbol();

  return (
    <>
      <PageHeader
        title={t("purchaseOrders.title")}
        description={t("purchaseOrders.description")}
        actions={
          canBuy && (
            <Button asChild>
              <Link href="/purchase-orders/new">
                <PlusIcon aria-hidden="true" />
                {t("purchaseOrders.new")}
              </Link>
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-6">
        <div className="grid gap-2 sm:max-w-64">
          <Label htmlFor={statusId}>{t("purchaseOrders.statusFilter")}</Label>
          <Select
            value={status ?? ALL}
            onValueChange={(v) => {
              setStatus(v === ALL ? undefined : (v as PurchaseOrderStatus));
              setPageIndex(0);
            }}
          >
            <SelectTrigger id={statusId} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("purchaseOrders.allStatuses")}</SelectItem>
              {PURCHASE_ORDER_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {t(poStatusKey(s))}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Card>
          <CardContent className="flex flex-col gap-4 px-2 sm:px-5">
            {page.isError ? (
              <p role="alert" className="py-8 text-center text-sm text-destructive">
                {errorMessage(page.error)}
              </p>
            ) : (
              <Table aria-label={t("purchaseOrders.title")}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("purchaseOrders.number")}</TableHead>
                    <TableHead className="max-sm:hidden">{t("purchaseOrders.supplier")}</TableHead>
                    <TableHead className="max-sm:hidden">{t("purchaseOrders.warehouse")}</TableHead>
                    <TableHead className="max-sm:hidden">{t("purchaseOrders.expectedDate")}</TableHead>
                    <TableHead className="text-right max-sm:hidden">
                      {t("purchaseOrders.orderedHeader", { unit })}
                    </TableHead>
                    <TableHead className="text-right">
                      {t("purchaseOrders.receivedHeader", { unit })}
                    </TableHead>
                    <TableHead>{t("purchaseOrders.statusHeader")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {page.data?.rows.length === 0 ? (
                    <EmptyTableRow colSpan={7}>{t("purchaseOrders.empty")}</EmptyTableRow>
                  ) : (
                    page.data?.rows.map((order) => (
                      <TableRow key={order.id}>
                        <TableCell className="font-mono">
                          <Link
                            href={`/purchase-orders/${order.id}`}
                            className="underline-offset-4 hover:underline"
                          >
                            {order.number}
                          </Link>
                          {/* Phones: the supplier under the number, its column hidden. */}
                          <span className="block max-w-40 truncate font-sans text-xs text-muted-foreground sm:hidden">
                            {order.supplierName}
                          </span>
                          {order.reference ? (
                            <span className="block max-w-48 truncate font-sans text-xs text-muted-foreground">
                              {order.reference}
                            </span>
                          ) : null}
                        </TableCell>
                        <TableCell className="max-w-48 truncate max-sm:hidden">
                          {order.supplierName}
                        </TableCell>
                        <TableCell className="max-sm:hidden">{order.warehouseName}</TableCell>
                        <TableCell className="max-sm:hidden">{formatDate(order.expectedDate)}</TableCell>
                        <TableCell className="text-right tabular-nums max-sm:hidden">
                          {formatLength(order.totalYards)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">
                          {formatLength(order.receivedYards)}
                          <span className="block text-xs text-muted-foreground sm:hidden">
                            {t("purchaseOrders.ofOrdered", { ordered: formatLength(order.totalYards) })}
                          </span>
                        </TableCell>
                        <TableCell>
                          <PurchaseOrderStatusBadge status={order.status} />
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            )}
            {page.data && page.data.total > PURCHASE_ORDERS_PAGE_SIZE ? (
              <Pagination
                pageIndex={pageIndex}
                pageSize={PURCHASE_ORDERS_PAGE_SIZE}
                total={page.data.total}
                onPageChange={setPageIndex}
                busy={page.isPlaceholderData}
              />
            ) : null}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
