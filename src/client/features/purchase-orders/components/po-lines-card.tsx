import type { PurchaseOrder } from "../../../../domain/purchase-order";
import { RecordLinesCard } from "../../../components/record-detail";
import { TableBody, TableCell, TableFooter, TableHead, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { formatLength, lengthUnitSymbol } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import { useCan } from "../../auth/current-user";

/** The order's lines: ordered, received and still expected; the unit cost for admins only (CONTRACT.md section 6). */
export function PurchaseOrderLinesCard({ order }: { order: PurchaseOrder }) {
  const { t } = useT();
  const seesCost = useCan("admin");
  const money = useMoney();
  const unit = lengthUnitSymbol();
  const expected = (yards: number, received: number) => Math.max(0, yards - received);
  const stillExpected = order.status === "Closed" ? null : expected(order.totalYards, order.receivedYards);
  return (
    <RecordLinesCard
      title={t("purchaseOrders.lines")}
      material={t("purchaseOrders.material")}
      ordered={t("purchaseOrders.orderedHeader", { unit })}
      heads={
        <>
          <TableHead className="text-right">{t("purchaseOrders.receivedHeader", { unit })}</TableHead>
          <TableHead className="text-right max-sm:hidden">
            {t("purchaseOrders.expectedHeader", { unit })}
          </TableHead>
          {seesCost ? (
            <TableHead className="text-right max-sm:hidden">{t("purchaseOrders.unitCost")}</TableHead>
          ) : null}
        </>
      }
    >
      <TableBody>
        {order.lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell className="min-w-32 whitespace-normal">
              {line.typeName} · {line.colorName}
              {seesCost && line.unitCost != null ? (
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {t("purchaseOrders.costNote", { cost: money(line.unitCost, { unitCost: true }) })}
                </span>
              ) : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatLength(line.yards)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatLength(line.receivedYards)}</TableCell>
            <TableCell className="text-right tabular-nums max-sm:hidden">
              {order.status === "Closed" ? "—" : formatLength(expected(line.yards, line.receivedYards))}
            </TableCell>
            {seesCost ? (
              <TableCell className="text-right tabular-nums max-sm:hidden">
                {line.unitCost == null ? "—" : money(line.unitCost, { unitCost: true })}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell className="font-medium">{t("purchaseOrders.total")}</TableCell>
          <TableCell className="text-right font-medium tabular-nums">
            {formatLength(order.totalYards)}
          </TableCell>
          <TableCell className="text-right font-medium tabular-nums">
            {formatLength(order.receivedYards)}
          </TableCell>
          <TableCell className="text-right font-medium tabular-nums max-sm:hidden">
            {stillExpected === null ? "—" : formatLength(stillExpected)}
          </TableCell>
          {seesCost ? <TableCell className="max-sm:hidden" /> : null}
        </TableRow>
      </TableFooter>
    </RecordLinesCard>
  );
}
