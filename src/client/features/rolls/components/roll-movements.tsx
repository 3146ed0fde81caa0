import { Link } from "wouter";
import type { RollMovement, RollPiece } from "../../../../domain/roll";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatSignedYards, formatYards } from "../../../lib/format";
import { useIsPhone } from "../../../lib/use-is-phone";

const EMPTY = "No movements recorded for this roll.";

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
      · cut off as{" "}
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
  const phone = useIsPhone();
  const cutBy = (m: RollMovement) =>
    m.yardsChange < 0 ? pieces.filter((p) => p.transactionId === m.transactionId) : [];
  if (phone) {
    if (movements.length === 0)
      return <p className="px-2 py-8 text-center text-sm text-muted-foreground">{EMPTY}</p>;
    return (
      <ul aria-label="Movements" className="divide-y">
        {movements.map((m) => (
          <li key={m.id} className="flex items-start gap-3 px-2 py-2.5">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <TransactionLink movement={m} className="w-fit font-medium" />
              <span className="text-xs text-muted-foreground">
                {m.transactionType} · {m.warehouseName}
                <CutOff pieces={cutBy(m)} />
              </span>
              <span className="text-xs text-muted-foreground">{formatDate(m.transactionDate)}</span>
            </div>
            <div className="grid shrink-0 justify-items-end gap-0.5 text-right tabular-nums">
              <span className={cn("text-sm font-medium", changeClass(m.yardsChange))}>
                {formatSignedYards(m.yardsChange)}
              </span>
              <span className="text-xs text-muted-foreground">
                <span className="sr-only">Length after: </span>→ {formatYards(m.lengthAfter)}
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
          <TableHead>Date</TableHead>
          <TableHead>Transaction No.</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Warehouse</TableHead>
          <TableHead className="text-right">Change (Yards)</TableHead>
          <TableHead className="text-right">Length After</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {movements.length === 0 && <EmptyTableRow colSpan={6}>{EMPTY}</EmptyTableRow>}
        {movements.map((m) => (
          <TableRow key={m.id}>
            <TableCell>{formatDate(m.transactionDate)}</TableCell>
            <TableCell>
              <TransactionLink movement={m} />
            </TableCell>
            <TableCell>
              {m.transactionType}
              <CutOff pieces={cutBy(m)} />
            </TableCell>
            <TableCell>{m.warehouseName}</TableCell>
            <TableCell className={cn("text-right font-medium tabular-nums", changeClass(m.yardsChange))}>
              {formatSignedYards(m.yardsChange)}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatYards(m.lengthAfter)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
