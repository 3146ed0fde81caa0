import { EmptyTableRow } from "../../../components/empty-table-row";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
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
import { cn } from "../../../lib/cn";
import { formatLength, formatSignedLength } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import type { ValueRow } from "../api/stock-value";
import { PHONE_TIGHT } from "../components/material-cells";

const COLUMNS = 3;

/**
 * Sums of the rows, exact: yards in hundredths and money in ten-thousandths (the API's precision),
 * so that a long column adds up to what the server would say.
 */
export function valueTotals(rows: readonly ValueRow[]): { totalYards: number; valueAmount: number } {
  let centi = 0;
  let e4 = 0;
  for (const r of rows) {
    centi += Math.round(r.totalYards * 100);
    e4 += Math.round(r.valueAmount * 10_000);
  }
  return { totalYards: centi / 100, valueAmount: e4 / 10_000 };
}

/**
 * A value report's table: the group (its column titled by the grouping), yards and value, and a
 * Total row. Phones fold the yards under the group, so that the value fits beside it. `signed`
 * (movement value): yards and value with their sign, outgoing in red.
 */
export function ValueTable({
  groupLabel,
  rows,
  loading,
  emptyText,
  signed = false,
  detailOf,
  groupText = (row) => row.group,
}: {
  groupLabel: string;
  rows: ValueRow[] | undefined;
  loading: boolean;
  emptyText: string;
  signed?: boolean;
  /** A line under the group's name (a batch's material: batches of two materials may share a name). */
  detailOf?: (row: ValueRow) => string | undefined;
  /** The group's name as shown (a transaction type in the user's language). */
  groupText?: (row: ValueRow) => string;
}) {
  const { t, lengthUnit } = useT();
  const money = useMoney();
  // Totals are the exact yard sums (valueTotals), converted once: never a sum of converted rows.
  const yardsText = signed ? formatSignedLength : formatLength;
  const moneyText = (amount: number) => money(amount, { signed });
  const tone = (amount: number) => (signed && amount < 0 ? "text-destructive" : undefined);
  const totals = rows && rows.length > 0 ? valueTotals(rows) : null;
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{groupLabel}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">
            {t("reports.column.length", { unit: lengthUnit })}
          </TableHead>
          <TableHead className="text-right">{t("reports.column.value")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={COLUMNS} />}
        {!loading && rows?.length === 0 && <EmptyTableRow colSpan={COLUMNS}>{emptyText}</EmptyTableRow>}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={`${row.group}|${row.materialId ?? ""}|${row.warehouseId ?? ""}`}>
              <TableCell className="font-medium">
                {groupText(row)}
                {detailOf?.(row) && (
                  <span className="block text-xs font-normal text-muted-foreground">{detailOf(row)}</span>
                )}
                <span className="block text-xs font-normal tabular-nums text-muted-foreground sm:hidden">
                  {yardsText(row.totalYards)} {lengthUnit}
                </span>
              </TableCell>
              <TableCell className={cn("hidden text-right tabular-nums sm:table-cell", tone(row.totalYards))}>
                {yardsText(row.totalYards)}
              </TableCell>
              <TableCell className={cn("text-right font-medium tabular-nums", tone(row.valueAmount))}>
                {moneyText(row.valueAmount)}
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
      {!loading && totals && (
        <TableFooter>
          <TableRow className="hover:bg-transparent">
            <TableCell className="font-semibold">
              {t("reports.total")}
              <span className="block text-xs font-normal tabular-nums text-muted-foreground sm:hidden">
                {yardsText(totals.totalYards)} {lengthUnit}
              </span>
            </TableCell>
            <TableCell
              className={cn(
                "hidden text-right font-semibold tabular-nums sm:table-cell",
                tone(totals.totalYards),
              )}
            >
              {yardsText(totals.totalYards)}
            </TableCell>
            <TableCell className={cn("text-right font-semibold tabular-nums", tone(totals.valueAmount))}>
              {moneyText(totals.valueAmount)}
            </TableCell>
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
}
