import type { LowStockRow } from "../../../../domain/report";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Badge } from "../../../components/ui/badge";
import { Table, TableBody, TableCell, TableHeader, TableRow } from "../../../components/ui/table";
import { formatYards } from "../../../lib/format";
import type { Sorting } from "../../../lib/use-url-sort";
import { MaterialCells, MaterialHeads, PHONE_TIGHT, YardsHead } from "../components/material-cells";

const COLUMNS = 7;

/** Phones: "of 20" under the yards (every row has a threshold now: decision 006; N/A otherwise). */
const thresholdNote = (yards: number | null) => (yards === null ? "" : `of ${formatYards(yards)}`);

/** Low stock rows; Threshold "N/A" when none applies; Out of Stock red, Low Stock amber. */
export function LowStockTable({
  rows,
  loading,
  sorting,
}: {
  rows: LowStockRow[] | undefined;
  loading: boolean;
  /** Sortable headers (LOW_STOCK_SORTS). */
  sorting?: Sorting<string>;
}) {
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <MaterialHeads sorting={sorting} />
          <SortableTableHead field="warehouseName" sorting={sorting}>
            Warehouse
          </SortableTableHead>
          <YardsHead sorting={sorting} />
          <SortableTableHead
            field="thresholdYards"
            sorting={sorting}
            align="right"
            className="hidden text-right sm:table-cell"
          >
            Threshold
          </SortableTableHead>
          <SortableTableHead field="status" sorting={sorting}>
            Status
          </SortableTableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={COLUMNS} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={COLUMNS}>No low stock items found.</EmptyTableRow>
        )}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={row.id}>
              <MaterialCells typeName={row.typeName} colorName={row.colorName} batch={row.batch} />
              <TableCell className="whitespace-normal sm:whitespace-nowrap">{row.warehouseName}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatYards(row.availableYards)}
                {/* Phones: the threshold under the yards. */}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {thresholdNote(row.thresholdYards)}
                </span>
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {row.thresholdYards === null ? (
                  <span className="text-muted-foreground">N/A</span>
                ) : (
                  formatYards(row.thresholdYards)
                )}
              </TableCell>
              <TableCell>
                <Badge
                  variant={row.status === "Out of Stock" ? "destructive" : "warning"}
                  className="max-sm:whitespace-normal max-sm:text-center"
                >
                  {row.status}
                </Badge>
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
