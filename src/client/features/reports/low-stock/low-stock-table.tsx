import type { LowStockRow } from "../../../../domain/report";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Badge } from "../../../components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatYards } from "../../../lib/format";
import { MaterialCells, MaterialHeads, PHONE_TIGHT, YardsHead } from "../components/material-cells";

const COLUMNS = 7;

/**
 * Phones: "of 20" under the yards. Nothing without a threshold: such a row is listed only at 0,
 * where its status already says Out of Stock.
 */
const thresholdNote = (yards: number | null) => (yards === null ? "" : `of ${formatYards(yards)}`);

/** Low stock rows; Threshold "N/A" when none applies; Out of Stock red, Low Stock amber. */
export function LowStockTable({ rows, loading }: { rows: LowStockRow[] | undefined; loading: boolean }) {
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <MaterialHeads />
          <TableHead>Warehouse</TableHead>
          <YardsHead />
          <TableHead className="hidden text-right sm:table-cell">Threshold</TableHead>
          <TableHead>Status</TableHead>
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
                <Badge variant={row.status === "Out of Stock" ? "destructive" : "warning"}>
                  {row.status}
                </Badge>
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
