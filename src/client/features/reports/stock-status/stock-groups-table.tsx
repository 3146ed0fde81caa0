import type { StockStatusGroup } from "../../../../domain/report";
import { STOCK_GROUP_LABELS, type StockGroupBy } from "../../../../domain/report-constants";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatYards } from "../../../lib/format";
import { NO_STOCK_TEXT } from "../components/stock-rows-table";

/** The grouped stock status: the group's name (column titled by the grouping), yards, items. */
export function StockGroupsTable({
  groupBy,
  groups,
  loading,
}: {
  groupBy: StockGroupBy;
  groups: StockStatusGroup[] | undefined;
  loading: boolean;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{STOCK_GROUP_LABELS[groupBy]}</TableHead>
          <TableHead className="text-right">Total Available Yards</TableHead>
          <TableHead className="text-right">Number of Items</TableHead>
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
