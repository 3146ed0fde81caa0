import { ArrowLeftIcon, PrinterIcon } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { formatLength, lengthUnitSymbol } from "../../../lib/format";
import { useOrder, usePickList } from "../api/order-queries";

/** /orders/{id}/pick-list: the reserved rolls in warehouse and bin order, made to be printed. */
export function PickListScreen({ id }: { id: number | null }) {
  const { t } = useT();
  const list = usePickList(id);
  // The printed sheet says whose order it is.
  const order = useOrder(id).data;
  const unit = lengthUnitSymbol();
  return (
    <>
      <PageHeader
        title={
          list.data
            ? t("orders.pickList.title", { number: list.data.number })
            : t("orders.pickList.titleLoading")
        }
        description={
          order
            ? [order.reference, order.customer, order.warehouseName].filter(Boolean).join(" · ")
            : undefined
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" asChild>
              <Link href={`/orders/${id ?? ""}`}>
                <ArrowLeftIcon aria-hidden="true" />
                {t("orders.pickList.back")}
              </Link>
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <PrinterIcon aria-hidden="true" />
              {t("orders.pickList.print")}
            </Button>
          </div>
        }
      />
      {list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(list.error)}
        </p>
      ) : !list.data ? (
        <Skeleton className="h-48 w-full" />
      ) : list.data.rolls.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("orders.pickList.empty")}</p>
      ) : (
        <Table aria-label={t("orders.pickList.tableLabel")}>
          <TableHeader>
            <TableRow>
              <TableHead>{t("orders.warehouse")}</TableHead>
              <TableHead>{t("orders.bin")}</TableHead>
              <TableHead>{t("orders.roll")}</TableHead>
              <TableHead>{t("orders.material")}</TableHead>
              <TableHead>{t("orders.batch")}</TableHead>
              <TableHead className="text-right">{t("orders.lengthHeader", { unit })}</TableHead>
              <TableHead className="text-right">{t("orders.takeHeader", { unit })}</TableHead>
              <TableHead className="w-12">{t("orders.pickList.picked")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.rolls.map((roll) => (
              <TableRow key={`${roll.lineId}-${roll.rollId}`}>
                <TableCell>{roll.warehouseName}</TableCell>
                <TableCell>{roll.bin ?? "—"}</TableCell>
                <TableCell className="font-mono">{roll.rollCode}</TableCell>
                <TableCell>
                  {roll.typeName} · {roll.colorName}
                </TableCell>
                <TableCell>{roll.batch}</TableCell>
                <TableCell className="text-right tabular-nums">{formatLength(roll.lengthYards)}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  {formatLength(roll.yards)}
                </TableCell>
                <TableCell>
                  <span
                    aria-hidden="true"
                    className="inline-block size-4 rounded-sm border border-foreground"
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
