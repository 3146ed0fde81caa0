import { ArrowLeftIcon, PrinterIcon } from "lucide-react";
import { Link } from "wouter";
import type { PurchaseOrderPrint } from "../../../../domain/reorder";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { formatDate, formatLength, formatTimestampDate, lengthUnitSymbol } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";
import { usePurchaseOrderPrint } from "../api/po-queries";

/** /purchase-orders/{id}/print: the order as sent to the supplier; amounts only for admins (the server leaves them out). */
export function PurchaseOrderPrintScreen({ id }: { id: number | null }) {
  const { t } = useT();
  const print = usePurchaseOrderPrint(id);
  return (
    <>
      <PageHeader
        title={
          print.data
            ? t("purchaseOrders.print.title", { number: print.data.order.number })
            : t("purchaseOrders.detail.titleLoading")
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" asChild>
              <Link href={`/purchase-orders/${id ?? ""}`}>
                <ArrowLeftIcon aria-hidden="true" />
                {t("purchaseOrders.print.back")}
              </Link>
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <PrinterIcon aria-hidden="true" />
              {t("purchaseOrders.detail.print")}
            </Button>
          </div>
        }
      />
      {print.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(print.error)}
        </p>
      ) : print.data ? (
        <PrintBody data={print.data} />
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </>
  );
}

function PrintBody({ data }: { data: PurchaseOrderPrint }) {
  const { t } = useT();
  const { order, supplier, warehouse } = data;
  const unit = lengthUnitSymbol();
  const amounts = data.lineAmounts;
  const money = (amount: number, unitCost = false) =>
    formatMoney(amount, data.currency ?? "USD", { unitCost });
  return (
    <div className="flex max-w-4xl flex-col gap-6 text-sm">
      <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <section aria-label={t("purchaseOrders.supplier")}>
          <h2 className="mb-1 text-xs font-medium uppercase text-muted-foreground">
            {t("purchaseOrders.print.to")}
          </h2>
          <p className="font-semibold">{supplier.name}</p>
          {supplier.contactInfo ? <p className="whitespace-pre-line">{supplier.contactInfo}</p> : null}
        </section>
        <section aria-label={t("purchaseOrders.warehouse")}>
          <h2 className="mb-1 text-xs font-medium uppercase text-muted-foreground">
            {t("purchaseOrders.print.deliverTo")}
          </h2>
          <p className="font-semibold">{warehouse.name}</p>
          {warehouse.location ? <p className="whitespace-pre-line">{warehouse.location}</p> : null}
        </section>
      </div>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-3 print:grid-cols-3">
        {(
          [
            [t("purchaseOrders.print.orderDate"), formatTimestampDate(order.createdAt)],
            [t("purchaseOrders.expectedDate"), formatDate(order.expectedDate)],
            [t("purchaseOrders.reference"), order.reference ?? ""],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">{value || "—"}</dd>
          </div>
        ))}
      </dl>
      <Table aria-label={t("purchaseOrders.lines")}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">{t("purchaseOrders.print.lineNo")}</TableHead>
            <TableHead>{t("purchaseOrders.material")}</TableHead>
            <TableHead className="text-right">{t("purchaseOrders.orderedHeader", { unit })}</TableHead>
            {amounts ? (
              <>
                <TableHead className="text-right max-sm:hidden print:table-cell">
                  {t("purchaseOrders.unitCost")}
                </TableHead>
                <TableHead className="text-right">{t("purchaseOrders.print.amount")}</TableHead>
              </>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {order.lines.map((line, i) => (
            <TableRow key={line.id}>
              <TableCell className="tabular-nums">{line.lineNo}</TableCell>
              <TableCell className="whitespace-normal">
                {line.typeName} · {line.colorName}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatLength(line.yards)}</TableCell>
              {amounts ? (
                <>
                  <TableCell className="text-right tabular-nums max-sm:hidden print:table-cell">
                    {line.unitCost == null ? "—" : money(line.unitCost, true)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {amounts[i] == null ? "—" : money(amounts[i])}
                  </TableCell>
                </>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell />
            <TableCell className="font-medium">{t("purchaseOrders.total")}</TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatLength(order.totalYards)}
            </TableCell>
            {amounts ? (
              <>
                <TableCell className="max-sm:hidden print:table-cell" />
                <TableCell className="text-right font-medium tabular-nums">
                  {data.totalAmount === undefined ? "—" : money(data.totalAmount)}
                </TableCell>
              </>
            ) : null}
          </TableRow>
        </TableFooter>
      </Table>
      <p className="text-xs text-muted-foreground">{t("purchaseOrders.print.lengthsIn", { unit })}</p>
    </div>
  );
}
