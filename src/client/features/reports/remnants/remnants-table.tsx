import { Link } from "wouter";
import type { Roll } from "../../../../domain/roll";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { formatDate, formatLength } from "../../../lib/format";
import type { Sorting } from "../../../lib/use-url-sort";
import { HeadWords } from "../../rolls/components/roll-cells";
import {
  type RollMoney,
  RollMoneyCells,
  useShowRollMoney,
  ValueText,
} from "../../rolls/components/roll-money";
import { PHONE_TIGHT } from "../components/material-cells";

const COLUMNS = 7;

/** A roll's code, linking to its detail (/inventory/rolls/{id}). */
export function RollCodeLink({ roll }: { roll: Pick<Roll, "id" | "code"> }) {
  return (
    <Link
      href={`/inventory/rolls/${roll.id}`}
      className="font-mono text-sm underline-offset-4 hover:underline focus-visible:underline"
    >
      {roll.code}
    </Link>
  );
}

/**
 * Remnant rolls: code, material, warehouse with the bin under it, first received, length. Phones
 * fold color and batch under the type and the warehouse under the code, so that the length fits
 * beside them. On a desk the warehouse and the longer headers may take two lines, so that an
 * administrator's Unit Cost and Value fit too (as on the Rolls list).
 */
export function RemnantsTable({
  rows,
  loading,
  sorting,
}: {
  rows: (Roll & RollMoney)[] | undefined;
  loading: boolean;
  /** Sortable headers (ROLL_SORTS). */
  sorting?: Sorting<string>;
}) {
  // Administrators: Unit Cost and Value (issue 17); phones show the value under the length.
  const { t, lengthUnit } = useT();
  const showMoney = useShowRollMoney(rows);
  const columns = COLUMNS + (showMoney ? 2 : 0);
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortableTableHead field="code" sorting={sorting}>
            {t("reports.column.roll")}
          </SortableTableHead>
          <SortableTableHead field="typeName" sorting={sorting}>
            {t("reports.column.type")}
          </SortableTableHead>
          <TableHead className="hidden sm:table-cell">{t("reports.column.color")}</TableHead>
          <SortableTableHead field="batch" sorting={sorting} className="hidden sm:table-cell">
            {t("reports.column.batch")}
          </SortableTableHead>
          <SortableTableHead field="warehouseName" sorting={sorting} className="hidden sm:table-cell">
            {t("reports.column.warehouse")}
          </SortableTableHead>
          <SortableTableHead field="firstReceived" sorting={sorting} className="hidden md:table-cell">
            <HeadWords>{t("reports.column.firstReceived")}</HeadWords>
          </SortableTableHead>
          <SortableTableHead field="lengthYards" sorting={sorting} align="right" className="text-right">
            <HeadWords className="hidden sm:inline-block">
              {t("reports.column.lengthUnit", { unit: lengthUnit })}
            </HeadWords>
            <span className="sm:hidden">{t("reports.column.length", { unit: lengthUnit })}</span>
          </SortableTableHead>
          {showMoney && (
            <>
              <TableHead className="hidden text-right xl:table-cell">
                <HeadWords>{t("reports.column.unitCost")}</HeadWords>
              </TableHead>
              <TableHead className="hidden text-right sm:table-cell">{t("reports.column.value")}</TableHead>
            </>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={columns} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={columns}>{t("reports.remnants.empty")}</EmptyTableRow>
        )}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="font-medium">
                <RollCodeLink roll={row} />
                <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                  {row.warehouseName}
                </span>
              </TableCell>
              <TableCell className="font-medium">
                {row.typeName}
                <span className="block whitespace-normal text-xs font-normal text-muted-foreground sm:hidden">
                  {row.colorName} · <span className="whitespace-nowrap font-mono">{row.batch}</span>
                </span>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{row.colorName}</TableCell>
              <TableCell className="hidden font-mono text-xs sm:table-cell">{row.batch}</TableCell>
              <TableCell className="hidden min-w-28 whitespace-normal sm:table-cell">
                {row.warehouseName}
                {row.bin !== null && (
                  <span className="block text-xs text-muted-foreground wrap-anywhere">
                    {t("reports.remnants.bin", { bin: row.bin })}
                  </span>
                )}
              </TableCell>
              <TableCell className="hidden md:table-cell">{formatDate(row.firstReceived)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatLength(row.lengthYards)}
                {showMoney && (
                  <span className="block text-xs text-muted-foreground sm:hidden">
                    <ValueText roll={row} />
                  </span>
                )}
              </TableCell>
              {showMoney && <RollMoneyCells roll={row} valueFrom="sm" />}
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
