import type { LowStockRow } from "../../../../domain/report";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Badge } from "../../../components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { t, useT } from "../../../i18n";
import { formatLength } from "../../../lib/format";
import type { Sorting } from "../../../lib/use-url-sort";
import { MaterialCells, MaterialHeads, PHONE_TIGHT, YardsHead } from "../components/material-cells";

const COLUMNS = 8;

/** Phones: "of 20" under the yards (every row has a threshold now: decision 006; N/A otherwise). */
const thresholdNote = (yards: number | null) =>
  yards === null ? "" : t("reports.lowStock.of", { threshold: formatLength(yards) });

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
  const { t, lengthUnit } = useT();
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <MaterialHeads sorting={sorting} />
          <SortableTableHead field="warehouseName" sorting={sorting}>
            {t("reports.column.warehouse")}
          </SortableTableHead>
          <YardsHead sorting={sorting} />
          <SortableTableHead
            field="thresholdYards"
            sorting={sorting}
            align="right"
            className="hidden text-right sm:table-cell"
          >
            {t("reports.column.threshold")}
          </SortableTableHead>
          <SortableTableHead field="status" sorting={sorting}>
            {t("reports.column.status")}
          </SortableTableHead>
          {/* Purchase orders (CONTRACT.md section 16): what is already coming; last, as in the export. */}
          <TableHead className="hidden text-right sm:table-cell">
            {t("purchaseOrders.onOrder", { unit: lengthUnit })}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={COLUMNS} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={COLUMNS}>{t("reports.lowStock.empty")}</EmptyTableRow>
        )}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={row.id}>
              <MaterialCells typeName={row.typeName} colorName={row.colorName} batch={row.batch} />
              <TableCell className="whitespace-normal sm:whitespace-nowrap">{row.warehouseName}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatLength(row.availableYards)}
                {/* Phones: the threshold under the yards. */}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {thresholdNote(row.thresholdYards)}
                </span>
                {row.onOrderYards > 0 ? (
                  <span className="block text-xs text-muted-foreground sm:hidden">
                    {t("purchaseOrders.onOrderNote", { yards: formatLength(row.onOrderYards) })}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {row.thresholdYards === null ? (
                  <span className="text-muted-foreground">{t("reports.notApplicable")}</span>
                ) : (
                  formatLength(row.thresholdYards)
                )}
              </TableCell>
              <TableCell>
                <Badge
                  variant={row.status === "Out of Stock" ? "destructive" : "warning"}
                  className="max-sm:whitespace-normal max-sm:text-center"
                >
                  {row.status === "Out of Stock"
                    ? t("reports.status.outOfStock")
                    : t("reports.status.lowStock")}
                </Badge>
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatLength(row.onOrderYards)}
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
