import type { AgingRow } from "../../../../domain/report";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Badge } from "../../../components/ui/badge";
import { Table, TableBody, TableCell, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { formatDate, formatLength, formatNumber } from "../../../lib/format";
import type { Sorting } from "../../../lib/use-url-sort";
import { MaterialCells, MaterialHeads, PHONE_TIGHT, YardsHead } from "../components/material-cells";
import { BAND_BADGE, bandName } from "./age-band";

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
  const { t } = useT();
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <MaterialHeads sorting={sorting} />
          <SortableTableHead field="firstReceived" sorting={sorting}>
            {t("reports.column.firstReceived")}
          </SortableTableHead>
          <SortableTableHead
            field="ageInDays"
            sorting={sorting}
            align="right"
            className="hidden text-right sm:table-cell"
          >
            {t("reports.column.ageDays")}
          </SortableTableHead>
          <YardsHead sorting={sorting} />
          <SortableTableHead field="status" sorting={sorting}>
            {t("reports.column.status")}
          </SortableTableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={COLUMNS} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={COLUMNS}>{t("reports.aging.empty")}</EmptyTableRow>
        )}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={`${row.materialId}:${row.batch}`}>
              <MaterialCells typeName={row.typeName} colorName={row.colorName} batch={row.batch} />
              <TableCell>
                {formatDate(row.firstReceived)}
                {/* Phones: the age under the date. */}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {t("reports.aging.days", { count: row.ageInDays })}
                </span>
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatNumber(row.ageInDays)}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatLength(row.availableYards)}</TableCell>
              <TableCell>
                <Badge variant={BAND_BADGE[row.status]}>{bandName(row.status)}</Badge>
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
