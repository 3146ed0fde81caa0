import { ChevronRightIcon } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link } from "wouter";
import type { StockCardLine, StockCardTransaction } from "../../../../domain/stock-card";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Button } from "../../../components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { t as translate, useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatDate, formatLength, formatSignedLength } from "../../../lib/format";
import { HeadWords } from "../../rolls/components/roll-cells";
import { typeLabel as kindLabel } from "../../transactions/list/type-label";
import { PHONE_TIGHT } from "../components/material-cells";
import {
  batchesText,
  linkClass,
  placesText,
  RollCell,
  sharedUnitCost,
  useShowCardValue,
  ValueChange,
} from "./stock-card-cells";

const COLUMNS = 9;

/** Its kind, or "Cost correction of RCV-…" for a correction's value-only lines (CONTRACT.md section 16). */
const typeText = (t: StockCardTransaction) =>
  t.correctsNumber
    ? translate("costs.stockCard.correction", { number: t.correctsNumber })
    : kindLabel(t.transactionType);
export const noMovementsText = () => translate("reports.stockCard.empty");

const changeClass = (yards: number) =>
  cn("text-right tabular-nums", yards < 0 ? "text-red-700" : yards > 0 ? "text-green-700" : "");

/** "3 rolls": shows or hides the rolls folded under their transaction. */
function RollsToggle({
  t,
  open,
  onToggle,
  className,
}: {
  t: StockCardTransaction;
  open: boolean;
  onToggle: () => void;
  className?: string;
}) {
  useT();
  const count = t.lineIds.length;
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn("h-7 gap-1 px-1.5 font-normal", className)}
      aria-expanded={open}
      aria-label={translate("reports.stockCard.rollsOf", { count, number: t.transactionNumber })}
      onClick={onToggle}
    >
      <ChevronRightIcon aria-hidden="true" className={cn("transition-transform", open && "rotate-90")} />
      {translate("reports.stockCard.rolls", { count })}
    </Button>
  );
}

interface GroupProps {
  t: StockCardTransaction;
  lines: StockCardLine[];
  valued: boolean;
  open: boolean;
  onToggle: () => void;
}

/** A transaction's row: its totals in the scope, its one roll or a toggle for its rolls. */
function TransactionRow({ t, lines, valued, open, onToggle }: GroupProps) {
  const single = lines.length === 1 ? lines[0] : undefined;
  useT();
  const rolls = single ? <RollCell line={single} /> : <RollsToggle t={t} open={open} onToggle={onToggle} />;
  return (
    <TableRow data-transaction={t.transactionNumber}>
      <TableCell className="hidden whitespace-nowrap sm:table-cell">{formatDate(t.date)}</TableCell>
      <TableCell className="font-medium">
        <Link href={`/transactions/${t.transactionId}`} className={cn("font-mono text-sm", linkClass)}>
          {t.transactionNumber}
        </Link>
        <span className="block text-xs font-normal text-muted-foreground md:hidden">
          <span className="sm:hidden">{formatDate(t.date)} · </span>
          {typeText(t)}
          {t.reference && <> · {translate("reports.stockCard.ref", { reference: t.reference })}</>}
        </span>
        <span className="block text-xs font-normal text-muted-foreground lg:hidden">
          {placesText(t)} · <span className="font-mono">{batchesText(t)}</span>
        </span>
        <span className="block text-xs font-normal sm:hidden">
          {single ? (
            <RollCell line={single} small />
          ) : (
            <RollsToggle t={t} open={open} onToggle={onToggle} className="-ml-1.5 text-xs" />
          )}
        </span>
      </TableCell>
      <TableCell className="hidden whitespace-normal md:table-cell">{typeText(t)}</TableCell>
      <TableCell className="hidden whitespace-normal wrap-anywhere md:table-cell">
        {t.reference ?? <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="hidden sm:table-cell">{rolls}</TableCell>
      <TableCell className="hidden min-w-28 whitespace-normal lg:table-cell">{placesText(t)}</TableCell>
      <TableCell className="hidden font-mono text-xs whitespace-normal lg:table-cell">
        {batchesText(t)}
      </TableCell>
      <TableCell className={changeClass(t.yardsChange)}>
        {formatSignedLength(t.yardsChange)}
        {valued && (
          <ValueChange
            valueAmount={t.valueAmount}
            unitCost={sharedUnitCost(lines)}
            phone
            className="mt-0.5 block text-xs text-muted-foreground sm:hidden"
          />
        )}
      </TableCell>
      <TableCell className="text-right font-medium tabular-nums">{formatLength(t.balanceYards)}</TableCell>
      {valued && (
        <TableCell className="hidden text-right tabular-nums sm:table-cell">
          <ValueChange valueAmount={t.valueAmount} unitCost={sharedUnitCost(lines)} />
        </TableCell>
      )}
    </TableRow>
  );
}

/** A roll folded under its transaction: the roll, where, its change and the balance after it. */
function RollRow({ line, valued }: { line: StockCardLine; valued: boolean }) {
  return (
    <TableRow data-roll-of={line.transactionNumber} className="bg-muted/40 text-sm">
      <TableCell className="hidden sm:table-cell" />
      <TableCell className="pl-6">
        <span className="sm:hidden">
          <RollCell line={line} small />
        </span>
        <span className="block text-xs text-muted-foreground lg:hidden">
          {line.warehouseName} · <span className="font-mono">{line.batch}</span>
        </span>
      </TableCell>
      <TableCell className="hidden md:table-cell" />
      <TableCell className="hidden md:table-cell" />
      <TableCell className="hidden sm:table-cell">
        <RollCell line={line} />
      </TableCell>
      <TableCell className="hidden whitespace-normal lg:table-cell">{line.warehouseName}</TableCell>
      <TableCell className="hidden font-mono text-xs lg:table-cell">{line.batch}</TableCell>
      <TableCell className={changeClass(line.yardsChange)}>
        {formatSignedLength(line.yardsChange)}
        {valued && (
          <ValueChange
            valueAmount={line.valueAmount}
            unitCost={line.unitCost}
            phone
            className="mt-0.5 block text-xs text-muted-foreground sm:hidden"
          />
        )}
      </TableCell>
      <TableCell className="text-right tabular-nums text-muted-foreground">
        {formatLength(line.balanceYards)}
      </TableCell>
      {valued && (
        <TableCell className="hidden text-right tabular-nums sm:table-cell">
          <ValueChange valueAmount={line.valueAmount} unitCost={line.unitCost} />
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * The card's movements, one row per transaction (CONTRACT.md section 12): date, transaction (to
 * its detail), type, reference, its roll (or "3 rolls" unfolding a row per roll), warehouse, batch,
 * change and the balance after it, and for administrators the value change. Phones fold date, type,
 * reference, rolls, warehouse and batch under the number, so that the change and balance fit beside it.
 */
export function StockCardTable({
  transactions,
  lines,
  loading,
}: {
  transactions: StockCardTransaction[] | undefined;
  lines: StockCardLine[] | undefined;
  loading: boolean;
}) {
  const { t, lengthUnit } = useT();
  const shown = useDeferredValue(transactions);
  const shownLines = useDeferredValue(lines);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const pending = loading || (transactions !== undefined && shown === undefined);
  const valued = useShowCardValue(lines);
  const columns = COLUMNS + (valued ? 1 : 0);
  const linesOf = new Map<number, StockCardLine[]>();
  for (const l of shownLines ?? [])
    linesOf.set(l.transactionId, [...(linesOf.get(l.transactionId) ?? []), l]);
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="hidden sm:table-cell">{t("reports.column.date")}</TableHead>
          <TableHead>{t("reports.column.transaction")}</TableHead>
          <TableHead className="hidden md:table-cell">{t("reports.column.type")}</TableHead>
          <TableHead className="hidden md:table-cell">{t("reports.column.reference")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("reports.column.rolls")}</TableHead>
          <TableHead className="hidden lg:table-cell">{t("reports.column.warehouse")}</TableHead>
          <TableHead className="hidden lg:table-cell">{t("reports.column.batch")}</TableHead>
          <TableHead className="text-right">
            <HeadWords className="hidden sm:inline-block">
              {t("reports.column.changeUnit", { unit: lengthUnit })}
            </HeadWords>
            <span className="sm:hidden">{t("reports.column.change")}</span>
          </TableHead>
          <TableHead className="text-right">
            <HeadWords className="hidden sm:inline-block">
              {t("reports.column.balanceUnit", { unit: lengthUnit })}
            </HeadWords>
            <span className="sm:hidden">{t("reports.column.balance")}</span>
          </TableHead>
          {valued && (
            <TableHead className="hidden text-right sm:table-cell">{t("reports.column.value")}</TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {pending && <TableSkeletonRows rows={5} columns={columns} />}
        {!pending && shown?.length === 0 && (
          <EmptyTableRow colSpan={columns}>{noMovementsText()}</EmptyTableRow>
        )}
        {!pending &&
          shown?.map((t) => {
            const own = linesOf.get(t.transactionId) ?? [];
            const isOpen = open.has(t.transactionId) && own.length > 1;
            return [
              <TransactionRow
                key={t.transactionId}
                t={t}
                lines={own}
                valued={valued}
                open={isOpen}
                onToggle={() => toggle(t.transactionId)}
              />,
              ...(isOpen
                ? own.map((l) => <RollRow key={`line-${l.lineId}`} line={l} valued={valued} />)
                : []),
            ];
          })}
      </TableBody>
    </Table>
  );
}
