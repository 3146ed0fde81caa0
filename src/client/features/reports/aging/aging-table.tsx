import type { AgingRow } from "../../../../domain/report";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Badge } from "../../../components/ui/badge";
import { Table, TableBody, TableCell, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate, formatYards } from "../../../lib/format";
import type { Sorting } from "../../../lib/use-url-sort";
import { MaterialCells, MaterialHeads, PHONE_TIGHT, YardsHead } from "../components/material-cells";
import { BAND_BADGE } from "./age-band";

const COLUMNS = 7;

/** One row per material and batch with stock, oldest first; Status is the age band. */
export function AgingTable({
  rows,
  loading,
  sorting,
}: {
  rows: AgingRow[] | undefined;
  loading: boolean;
  /** Sortable headers (AGING_SORTS). */
  sorting?: Sorting<string>;
}) {
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <MaterialHeads sorting={sorting} />
          <SortableTableHead field="firstReceived" sorting={sorting}>
            First Received
          </SortableTableHead>
          <SortableTableHead
            field="ageInDays"
            sorting={sorting}
            align="right"
            className="hidden text-right sm:table-cell"
          >
            Age (Days)
          </SortableTableHead>
          <YardsHead sorting={sorting} />
          <SortableTableHead field="status" sorting={sorting}>
            Status
          </SortableTableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={COLUMNS} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={COLUMNS}>
            No inventory data found matching the current filters.
          </EmptyTableRow>
        )}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={`${row.materialId}:${row.batch}`}>
              <MaterialCells typeName={row.typeName} colorName={row.colorName} batch={row.batch} />
              <TableCell>
                {formatDate(row.firstReceived)}
                {/* Phones: the age under the date. */}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {row.ageInDays.toLocaleString("en-US")} days
                </span>
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {row.ageInDays.toLocaleString("en-US")}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatYards(row.availableYards)}</TableCell>
              <TableCell>
                <Badge variant={BAND_BADGE[row.status]}>{row.status}</Badge>
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
