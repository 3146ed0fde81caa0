import type { StockStatusGroup } from "../../../../domain/report";
import { STOCK_GROUP_LABELS, type StockGroupBy } from "../../../../domain/report-constants";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHeader, TableRow } from "../../../components/ui/table";
import { formatYards } from "../../../lib/format";
import type { Sorting } from "../../../lib/use-url-sort";
import { NO_STOCK_TEXT } from "../components/stock-rows-table";

/** The grouped stock status: the group's name (column titled by the grouping), yards, items. */
export function StockGroupsTable({
  groupBy,
  groups,
  loading,
  sorting,
}: {
  groupBy: StockGroupBy;
  groups: StockStatusGroup[] | undefined;
  loading: boolean;
  /** Sortable headers (GROUP_SORTS). */
  sorting?: Sorting<string>;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortableTableHead field="group" sorting={sorting}>
            {STOCK_GROUP_LABELS[groupBy]}
          </SortableTableHead>
          <SortableTableHead
            field="totalAvailableYards"
            sorting={sorting}
            align="right"
            className="text-right"
          >
            Total Available Yards
          </SortableTableHead>
          <SortableTableHead field="items" sorting={sorting} align="right" className="text-right">
            Number of Items
          </SortableTableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={3} />}
        {!loading && groups?.length === 0 && <EmptyTableRow colSpan={3}>{NO_STOCK_TEXT}</EmptyTableRow>}
        {!loading &&
          groups?.map((g) => (
            <TableRow key={g.group}>
              <TableCell className="font-medium">{g.group}</TableCell>
              <TableCell className="text-right tabular-nums">{formatYards(g.totalAvailableYards)}</TableCell>
              <TableCell className="text-right tabular-nums">{g.items.toLocaleString("en-US")}</TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
