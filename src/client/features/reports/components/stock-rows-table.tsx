import { useDeferredValue } from "react";
import type { StockLevel } from "../../../../domain/stock";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { t, useT } from "../../../i18n";
import { formatLength, formatTimestampDate } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import type { Sorting } from "../../../lib/use-url-sort";
import { useCan } from "../../auth/current-user";
import { StockCardIconLink } from "../stock-card/stock-card-link";
import { MaterialCells, MaterialHeads, PHONE_TIGHT, YardsHead } from "./material-cells";
import { StockStatusBadge } from "./stock-status-badge";
import { UnitCost } from "./unit-cost";

const cardLabel = (row: StockLevel) =>
  t("reports.stockCard.linkLabel", {
    type: row.typeName,
    color: row.colorName,
    batch: row.batch,
    warehouse: row.warehouseName,
  });

export const noStockText = () => t("reports.stock.empty");

/**
 * Whether the stock rows show their Value column (CONTRACT.md section 11): for administrators, when
 * the rows carry the money (while loading and when empty too, so that the column does not jump in).
 */
function useShowStockValue(enabled: boolean, rows: readonly StockLevel[] | undefined): boolean {
  const admin = useCan("admin");
  if (!enabled || !admin) return false;
  return !rows || rows.length === 0 || rows.some((r) => r.valueAmount !== undefined);
}

/** The row's value and, under it, its value per yard (a dash when it holds no yards). */
function StockValue({
  row,
  phone = false,
  className,
}: {
  row: StockLevel;
  phone?: boolean;
  className?: string;
}) {
  const { t } = useT();
  const money = useMoney();
  if (row.valueAmount === undefined) return null;
  return (
    <span className={className}>
      {/* On phones, under the yards: said, since no column head says it. */}
      {phone && <span className="sr-only">{t("reports.column.value")} </span>}
      {money(row.valueAmount)}
      {row.unitCost != null && (
        <span className="block text-xs font-normal text-muted-foreground">
          <UnitCost perYard={row.unitCost} />
        </span>
      )}
    </span>
  );
}

/**
 * Stock rows: Type, Color, Batch, Warehouse, Available Yards, Status, and on the Inventory screen
 * Last Updated (the local date of the last posting) and, for administrators, Value (with the value
 * per yard under it; on phones under the yards). One page at a time.
 */
export function StockRowsTable({
  rows,
  loading,
  showLastUpdated = false,
  showStockCard = false,
  showValue = false,
  sorting,
}: {
  rows: StockLevel[] | undefined;
  loading: boolean;
  showLastUpdated?: boolean;
  /** A book icon in each row's status cell opening its stock card (issue 16). */
  showStockCard?: boolean;
  /** A Value column for administrators when the rows carry it (issue 17). */
  showValue?: boolean;
  /** Sortable headers (STOCK_SORTS). */
  sorting?: Sorting<string>;
}) {
  const { t } = useT();
  const valued = useShowStockValue(showValue, rows);
  const columns = (showLastUpdated ? 7 : 6) + (valued ? 1 : 0);
  // A page that arrives is built in the background, in slices the browser can interrupt: on a
  // phone, no long task while 50 rows render (docs/performance.md); the skeleton stays until then.
  const shownRows = useDeferredValue(rows);
  const pending = loading || (rows !== undefined && shownRows === undefined);
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <MaterialHeads sorting={sorting} />
          <SortableTableHead field="warehouseName" sorting={sorting}>
            {t("reports.column.warehouse")}
          </SortableTableHead>
          <YardsHead sorting={sorting} />
          <SortableTableHead field="isLowStock" sorting={sorting}>
            {t("reports.column.status")}
          </SortableTableHead>
          {/* Phones: under the status. */}
          {showLastUpdated && (
            <SortableTableHead field="lastUpdated" sorting={sorting} className="hidden sm:table-cell">
              {t("reports.column.lastUpdated")}
            </SortableTableHead>
          )}
          {/* Phones: under the yards. */}
          {valued && (
            <TableHead className="hidden text-right sm:table-cell">{t("reports.column.value")}</TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {pending && <TableSkeletonRows rows={5} columns={columns} />}
        {!pending && shownRows?.length === 0 && (
          <EmptyTableRow colSpan={columns}>{noStockText()}</EmptyTableRow>
        )}
        {!pending &&
          shownRows?.map((row) => (
            <TableRow key={row.id}>
              <MaterialCells typeName={row.typeName} colorName={row.colorName} batch={row.batch} />
              <TableCell className="whitespace-normal sm:whitespace-nowrap">{row.warehouseName}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatLength(row.availableYards)}
                {valued && (
                  <StockValue
                    row={row}
                    phone
                    className="mt-0.5 block text-xs text-muted-foreground sm:hidden"
                  />
                )}
              </TableCell>
              <TableCell>
                <StockStatusBadge row={row} />
                {/* Icon only, in the status cell: the row's cells read as before (exports, tests). */}
                {showStockCard && (
                  <span className="ml-1 hidden align-middle sm:inline">
                    <StockCardIconLink scope={row} label={cardLabel(row)} />
                  </span>
                )}
                {showLastUpdated && (
                  <span className="mt-0.5 block text-xs text-muted-foreground sm:hidden">
                    <span className="sr-only">{t("reports.column.lastUpdatedSr")} </span>
                    {formatTimestampDate(row.lastUpdated)}
                  </span>
                )}
                {showStockCard && (
                  <span className="block sm:hidden">
                    <StockCardIconLink scope={row} label={cardLabel(row)} className="-ml-1.5 size-7" />
                  </span>
                )}
              </TableCell>
              {showLastUpdated && (
                <TableCell className="hidden sm:table-cell">{formatTimestampDate(row.lastUpdated)}</TableCell>
              )}
              {valued && (
                <TableCell className="hidden text-right tabular-nums sm:table-cell">
                  <StockValue row={row} />
                </TableCell>
              )}
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
