import type { StockStatusGroup } from "../../../../domain/report";
import type { StockGroupBy } from "../../../../domain/report-constants";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { formatLength, formatNumber } from "../../../lib/format";
import type { Sorting } from "../../../lib/use-url-sort";
import { noStockText } from "../components/stock-rows-table";

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
  const { t, lengthUnit } = useT();
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortableTableHead field="group" sorting={sorting}>
            {t(`reports.groupBy.${groupBy}`)}
          </SortableTableHead>
          <SortableTableHead
            field="totalAvailableYards"
            sorting={sorting}
            align="right"
            className="text-right"
          >
            {t("reports.column.totalAvailable", { unit: lengthUnit })}
          </SortableTableHead>
          <SortableTableHead field="items" sorting={sorting} align="right" className="text-right">
            {t("reports.column.items")}
          </SortableTableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={3} />}
        {!loading && groups?.length === 0 && <EmptyTableRow colSpan={3}>{noStockText()}</EmptyTableRow>}
        {!loading &&
          groups?.map((g) => (
            <TableRow key={g.group}>
              <TableCell className="font-medium">{g.group}</TableCell>
              <TableCell className="text-right tabular-nums">{formatLength(g.totalAvailableYards)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(g.items)}</TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
