import { useDeferredValue } from "react";
import { Link } from "wouter";
import type { StockCardLine } from "../../../../domain/stock-card";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatSignedYards, formatYards } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import { useCan } from "../../auth/current-user";
import { HeadWords } from "../../rolls/components/roll-cells";
import { PHONE_TIGHT } from "../components/material-cells";

const COLUMNS = 8;
export const NO_MOVEMENTS_TEXT = "No movements of this stock in the period.";

const linkClass = "underline-offset-4 hover:underline focus-visible:underline";

function RollCell({ line, small = false }: { line: StockCardLine; small?: boolean }) {
  if (line.rollId === null || line.rollCode === null) return <span className="text-muted-foreground">—</span>;
  return (
    <Link
      href={`/inventory/rolls/${line.rollId}`}
      className={cn("font-mono", small ? "text-xs" : "text-sm", linkClass)}
    >
      {line.rollCode}
    </Link>
  );
}

/**
 * Whether the card shows its Value column (CONTRACT.md section 11): for administrators, when the
 * lines carry the money (while loading and when empty too, so that the column does not jump in).
 */
export function useShowCardValue(lines: readonly StockCardLine[] | undefined): boolean {
  const admin = useCan("admin");
  if (!admin) return false;
  return !lines || lines.length === 0 || lines.some((l) => l.valueAmount !== undefined);
}

/** The line's value change and, under it, its roll's cost per yard. */
function LineValue({
  line,
  phone = false,
  className,
}: {
  line: StockCardLine;
  phone?: boolean;
  className?: string;
}) {
  const money = useMoney();
  if (line.valueAmount === undefined) return null;
  return (
    <span className={className}>
      {/* On phones, under the yards: said, since no column head says it. */}
      {phone && <span className="sr-only">Value </span>}
      {money(line.valueAmount, { signed: true })}
      {line.unitCost != null && (
        <span className="block text-xs font-normal text-muted-foreground">
          {money(line.unitCost, { unitCost: true })}/yd
        </span>
      )}
    </span>
  );
}

/**
 * The card's movements: date, transaction (to its detail), type, roll (to the roll), warehouse,
 * batch, change and balance, and for administrators the value change with the roll's cost per
 * yard (on phones under the change). Phones fold date, type, roll, warehouse and batch under the number,
 * so that the change and the balance fit beside it. On a desk the type, the warehouse and the
 * yards headers may take two lines, so that the Value column fits a 1440 px screen.
 */
export function StockCardTable({ lines, loading }: { lines: StockCardLine[] | undefined; loading: boolean }) {
  const shown = useDeferredValue(lines);
  const pending = loading || (lines !== undefined && shown === undefined);
  const valued = useShowCardValue(lines);
  const columns = COLUMNS + (valued ? 1 : 0);
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="hidden sm:table-cell">Date</TableHead>
          <TableHead>Transaction</TableHead>
          <TableHead className="hidden md:table-cell">Type</TableHead>
          <TableHead className="hidden sm:table-cell">Roll</TableHead>
          <TableHead className="hidden lg:table-cell">Warehouse</TableHead>
          <TableHead className="hidden lg:table-cell">Batch</TableHead>
          <TableHead className="text-right">
            <HeadWords className="hidden sm:inline-block">Change (Yards)</HeadWords>
            <span className="sm:hidden">Change</span>
          </TableHead>
          <TableHead className="text-right">
            <HeadWords className="hidden sm:inline-block">Balance (Yards)</HeadWords>
            <span className="sm:hidden">Balance</span>
          </TableHead>
          {valued && <TableHead className="hidden text-right sm:table-cell">Value</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {pending && <TableSkeletonRows rows={5} columns={columns} />}
        {!pending && shown?.length === 0 && (
          <EmptyTableRow colSpan={columns}>{NO_MOVEMENTS_TEXT}</EmptyTableRow>
        )}
        {!pending &&
          shown?.map((line) => (
            <TableRow key={line.lineId}>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">
                {formatDate(line.date)}
              </TableCell>
              <TableCell className="font-medium">
                <Link
                  href={`/transactions/${line.transactionId}`}
                  className={cn("font-mono text-sm", linkClass)}
                >
                  {line.transactionNumber}
                </Link>
                <span className="block text-xs font-normal text-muted-foreground md:hidden">
                  <span className="sm:hidden">{formatDate(line.date)} · </span>
                  {line.transactionType}
                </span>
                <span className="block text-xs font-normal text-muted-foreground lg:hidden">
                  <span className="sm:hidden">
                    <RollCell line={line} small /> ·{" "}
                  </span>
                  {line.warehouseName} · <span className="font-mono">{line.batch}</span>
                </span>
              </TableCell>
              <TableCell className="hidden whitespace-normal md:table-cell">{line.transactionType}</TableCell>
              <TableCell className="hidden sm:table-cell">
                <RollCell line={line} />
              </TableCell>
              <TableCell className="hidden min-w-28 whitespace-normal lg:table-cell">
                {line.warehouseName}
              </TableCell>
              <TableCell className="hidden font-mono text-xs lg:table-cell">{line.batch}</TableCell>
              <TableCell
                className={cn(
                  "text-right tabular-nums",
                  line.yardsChange < 0 ? "text-red-700" : "text-green-700",
                )}
              >
                {formatSignedYards(line.yardsChange)}
                {valued && (
                  <LineValue
                    line={line}
                    phone
                    className="mt-0.5 block text-xs text-muted-foreground sm:hidden"
                  />
                )}
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {formatYards(line.balanceYards)}
              </TableCell>
              {valued && (
                <TableCell className="hidden text-right tabular-nums sm:table-cell">
                  <LineValue line={line} />
                </TableCell>
              )}
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
