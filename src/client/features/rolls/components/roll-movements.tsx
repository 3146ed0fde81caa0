import { Link } from "wouter";
import type { RollMovement, RollPiece } from "../../../../domain/roll";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { t, useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatDate, formatLength, formatSignedLength } from "../../../lib/format";
import { useIsPhone } from "../../../lib/use-is-phone";
import { rowTypeLabel } from "../../transactions/list/type-label";

function TransactionLink({ movement, className }: { movement: RollMovement; className?: string }) {
  return (
    <Link
      href={`/transactions/${movement.transactionId}`}
      className={cn(
        "font-mono text-sm underline-offset-4 hover:underline focus-visible:underline",
        className,
      )}
    >
      {movement.transactionNumber}
    </Link>
  );
}

/** "cut off as R002746" after a transfer's line that cut a piece off this roll. */
function CutOff({ pieces }: { pieces: readonly RollPiece[] }) {
  if (pieces.length === 0) return null;
  return (
    <span className="text-xs text-muted-foreground">
      {" "}
      · {t("rolls.movements.cutOffAs")}{" "}
      {pieces.map((p, i) => (
        <span key={p.id}>
          {i > 0 ? ", " : null}
          <Link
            href={`/inventory/rolls/${p.id}`}
            className="font-mono text-foreground underline-offset-4 hover:underline focus-visible:underline"
          >
            {p.code}
          </Link>
        </span>
      ))}
    </span>
  );
}

const changeClass = (change: number) =>
  change < 0 ? "text-red-700 dark:text-red-400" : change > 0 ? "text-green-700 dark:text-green-400" : "";

/**
 * A roll's ledger lines in posting order: date, transaction, type, warehouse, the change and the
 * roll's length after it. On a phone one stacked row each.
 */
export function RollMovements({
  movements,
  pieces = [],
}: {
  movements: RollMovement[];
  /** Pieces cut off this roll: named beside the line of the transfer that cut each (a taking line). */
  pieces?: readonly RollPiece[];
}) {
  const { t, lengthUnit } = useT();
  const phone = useIsPhone();
  const empty = t("rolls.movements.empty");
  const cutBy = (m: RollMovement) =>
    m.yardsChange < 0 ? pieces.filter((p) => p.transactionId === m.transactionId) : [];
  if (phone) {
    if (movements.length === 0)
      return <p className="px-2 py-8 text-center text-sm text-muted-foreground">{empty}</p>;
    return (
      <ul aria-label={t("rolls.movements.title")} className="divide-y">
        {movements.map((m) => (
          <li key={m.id} className="flex items-start gap-3 px-2 py-2.5">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <TransactionLink movement={m} className="w-fit font-medium" />
              <span className="text-xs text-muted-foreground">
                {rowTypeLabel(m)} · {m.warehouseName}
                <CutOff pieces={cutBy(m)} />
              </span>
              <span className="text-xs text-muted-foreground">{formatDate(m.transactionDate)}</span>
            </div>
            <div className="grid shrink-0 justify-items-end gap-0.5 text-right tabular-nums">
              <span className={cn("text-sm font-medium", changeClass(m.yardsChange))}>
                {formatSignedLength(m.yardsChange)}
              </span>
              <span className="text-xs text-muted-foreground">
                <span className="sr-only">{t("rolls.movements.lengthAfterSr")}</span>→{" "}
                {formatLength(m.lengthAfter)}
              </span>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t("rolls.movements.date")}</TableHead>
          <TableHead>{t("rolls.movements.number")}</TableHead>
          <TableHead>{t("rolls.movements.type")}</TableHead>
          <TableHead>{t("rolls.movements.warehouse")}</TableHead>
          <TableHead className="text-right">{t("rolls.movements.change", { unit: lengthUnit })}</TableHead>
          <TableHead className="text-right">{t("rolls.movements.lengthAfter")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {movements.length === 0 && <EmptyTableRow colSpan={6}>{empty}</EmptyTableRow>}
        {movements.map((m) => (
          <TableRow key={m.id}>
            <TableCell>{formatDate(m.transactionDate)}</TableCell>
            <TableCell>
              <TransactionLink movement={m} />
            </TableCell>
            <TableCell>
              {rowTypeLabel(m)}
              <CutOff pieces={cutBy(m)} />
            </TableCell>
            <TableCell>{m.warehouseName}</TableCell>
            <TableCell className={cn("text-right font-medium tabular-nums", changeClass(m.yardsChange))}>
              {formatSignedLength(m.yardsChange)}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatLength(m.lengthAfter)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
