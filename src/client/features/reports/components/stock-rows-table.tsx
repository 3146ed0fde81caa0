import type { StockLevel } from "../../../../domain/stock";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatTimestampDate, formatYards } from "../../../lib/format";
import { MaterialCells, MaterialHeads, PHONE_TIGHT, YardsHead } from "./material-cells";
import { StockStatusBadge } from "./stock-status-badge";

export const NO_STOCK_TEXT = "No stock data found matching the current filters.";

/**
 * Stock rows: Type, Color, Batch, Warehouse, Available Yards, Status, and on the Inventory screen
 * Last Updated (the local date of the last posting). One page at a time.
 */
export function StockRowsTable({
  rows,
  loading,
  showLastUpdated = false,
}: {
  rows: StockLevel[] | undefined;
  loading: boolean;
  showLastUpdated?: boolean;
}) {
  const columns = showLastUpdated ? 7 : 6;
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <MaterialHeads />
          <TableHead>Warehouse</TableHead>
          <YardsHead />
          <TableHead>Status</TableHead>
          {/* Phones: under the status. */}
          {showLastUpdated && <TableHead className="hidden sm:table-cell">Last Updated</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={columns} />}
        {!loading && rows?.length === 0 && <EmptyTableRow colSpan={columns}>{NO_STOCK_TEXT}</EmptyTableRow>}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={row.id}>
              <MaterialCells typeName={row.typeName} colorName={row.colorName} batch={row.batch} />
              <TableCell className="whitespace-normal sm:whitespace-nowrap">{row.warehouseName}</TableCell>
              <TableCell className="text-right tabular-nums">{formatYards(row.availableYards)}</TableCell>
              <TableCell>
                <StockStatusBadge low={row.isLowStock} />
                {showLastUpdated && (
                  <span className="mt-0.5 block text-xs text-muted-foreground sm:hidden">
                    <span className="sr-only">Last updated </span>
                    {formatTimestampDate(row.lastUpdated)}
                  </span>
                )}
              </TableCell>
              {showLastUpdated && (
                <TableCell className="hidden sm:table-cell">{formatTimestampDate(row.lastUpdated)}</TableCell>
              )}
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
