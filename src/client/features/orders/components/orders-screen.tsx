import { PlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { ORDER_STATUSES, type OrderStatus } from "../../../../domain/order";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { PageHeader } from "../../../components/page-header";
import { SearchField, useDebouncedFilter } from "../../../components/search-field";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { formatDate, formatLength, lengthUnitSymbol } from "../../../lib/format";
import { useCan } from "../../auth/current-user";
import { useOrders } from "../api/order-queries";
import { OrderStatusBadge, statusKey } from "./order-status-badge";

const ALL = "all";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** /orders: the orders, newest first, filtered by status and a search; New order for clerks. */
export function OrdersScreen() {
  const { t } = useT();
  const canRecord = useCan("record");
  const searchId = useId();
  const statusId = useId();
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [q, setQ] = useState<string | undefined>();
  const [text, setText] = useDebouncedFilter(q, setQ);
  const orders = useOrders({ status, q });
  const unit = lengthUnitSymbol();

  return (
    <>
      <PageHeader
        title={t("orders.title")}
        description={t("orders.description")}
        actions={
          canRecord && (
            <Button asChild>
              <Link href="/orders/new">
                <PlusIcon aria-hidden="true" />
                {t("orders.new")}
              </Link>
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-[16rem_minmax(0,24rem)]">
          <div className="grid gap-2">
            <Label htmlFor={statusId}>{t("orders.statusFilter")}</Label>
            <Select
              value={status ?? ALL}
              onValueChange={(v) => setStatus(v === ALL ? undefined : (v as OrderStatus))}
            >
              <SelectTrigger id={statusId} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("orders.allStatuses")}</SelectItem>
                {ORDER_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {t(statusKey(s))}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <SearchField
            id={searchId}
            value={text}
            onChange={setText}
            placeholder={t("orders.searchPlaceholder")}
          />
        </div>
        <Card>
          <CardContent className="px-2 sm:px-5">
            {orders.isError ? (
              <p role="alert" className="py-8 text-center text-sm text-destructive">
                {errorMessage(orders.error)}
              </p>
            ) : (
              <Table aria-label={t("orders.title")}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("orders.number")}</TableHead>
                    <TableHead>{t("orders.reference")}</TableHead>
                    <TableHead className="max-sm:hidden">{t("orders.customer")}</TableHead>
                    <TableHead className="max-sm:hidden">{t("orders.dueDate")}</TableHead>
                    <TableHead className="text-right">{t("orders.orderedHeader", { unit })}</TableHead>
                    <TableHead>{t("orders.statusHeader")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {orders.data?.length === 0 ? (
                    <EmptyTableRow colSpan={6}>{t("orders.empty")}</EmptyTableRow>
                  ) : (
                    orders.data?.map((order) => (
                      <TableRow key={order.id}>
                        <TableCell className="font-mono">
                          <Link href={`/orders/${order.id}`} className="underline-offset-4 hover:underline">
                            {order.number}
                          </Link>
                        </TableCell>
                        <TableCell className="max-w-48 truncate">{order.reference}</TableCell>
                        <TableCell className="max-sm:hidden">{order.customer ?? ""}</TableCell>
                        <TableCell className="max-sm:hidden">{formatDate(order.dueDate)}</TableCell>
                        <TableCell className="text-right tabular-nums">
                          {formatLength(sum(order.lines.map((l) => l.yards)))}
                        </TableCell>
                        <TableCell>
                          <OrderStatusBadge status={order.status} />
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
