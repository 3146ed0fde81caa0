import type { SupplierShortage, SupplierShortageRoll } from "../../../../domain/supplier-shortage";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { t, useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatDate, formatLength, formatNumber } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import type { Sorting } from "../../../lib/use-url-sort";
import { useCan } from "../../auth/current-user";
import { type RollMoney, UnitCostText, useShowRollMoney } from "../../rolls/components/roll-money";
import { PHONE_TIGHT } from "../components/material-cells";
import { RollCodeLink } from "../remnants/remnants-table";

/** "2.50%": the share of the ticketed yards that did not arrive (negative: more arrived). */
export const formatPercent = (value: number) => `${formatNumber(value, { min: 2, max: 2 })}%`;

/** Short yards stand out when the supplier sent less than its tickets said. */
const shortClass = (yards: number) => cn("text-right tabular-nums", yards > 0 && "font-semibold");

const SUPPLIER_COLUMNS = 6;

const rollsText = (count: number) => t("reports.shortages.rolls", { count });

/** One row per supplier; its name opens the drill-down (its rolls). */
export function SupplierShortagesTable({
  rows,
  loading,
  onOpen,
  sorting,
}: {
  rows: (SupplierShortage & { shortValue?: number | null })[] | undefined;
  /** Sortable headers (SUPPLIER_SHORTAGE_SORTS). */
  sorting?: Sorting<string>;
  loading: boolean;
  onOpen: (row: SupplierShortage) => void;
}) {
  // Administrators: what the missing yards cost (issue 17), when the server sends it.
  const { t, lengthUnit } = useT();
  const admin = useCan("admin");
  const showValue = admin && (!rows?.length || rows.some((r) => r.shortValue != null));
  const money = useMoney();
  const columns = SUPPLIER_COLUMNS + (showValue ? 1 : 0);
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortableTableHead field="supplierName" sorting={sorting}>
            {t("reports.column.supplier")}
          </SortableTableHead>
          <SortableTableHead
            field="rolls"
            sorting={sorting}
            align="right"
            className="hidden text-right sm:table-cell"
          >
            {t("reports.column.rolls")}
          </SortableTableHead>
          <SortableTableHead
            field="ticketYards"
            sorting={sorting}
            align="right"
            className="hidden text-right sm:table-cell"
          >
            {t("reports.column.ticketUnit", { unit: lengthUnit })}
          </SortableTableHead>
          <SortableTableHead
            field="receivedYards"
            sorting={sorting}
            align="right"
            className="hidden text-right md:table-cell"
          >
            {t("reports.column.receivedUnit", { unit: lengthUnit })}
          </SortableTableHead>
          <SortableTableHead field="shortYards" sorting={sorting} align="right" className="text-right">
            <span className="hidden sm:inline">{t("reports.column.shortUnit", { unit: lengthUnit })}</span>
            <span className="sm:hidden">{t("reports.column.short")}</span>
          </SortableTableHead>
          <SortableTableHead field="shortPercent" sorting={sorting} align="right" className="text-right">
            {t("reports.column.shortPercent")}
          </SortableTableHead>
          {showValue && (
            <TableHead className="hidden text-right sm:table-cell">
              {t("reports.column.shortValue")}
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={columns} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={columns}>{t("reports.shortages.empty")}</EmptyTableRow>
        )}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={row.supplierId}>
              <TableCell className="font-medium">
                <button
                  type="button"
                  onClick={() => onOpen(row)}
                  className="cursor-pointer rounded-sm text-left underline decoration-muted-foreground/50 underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {row.supplierName}
                </button>
                <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                  {rollsText(row.rolls)} ·{" "}
                  {t("reports.shortages.ticketed", {
                    length: formatLength(row.ticketYards),
                    unit: lengthUnit,
                  })}
                </span>
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatNumber(row.rolls)}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatLength(row.ticketYards)}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums md:table-cell">
                {formatLength(row.receivedYards)}
              </TableCell>
              <TableCell className={shortClass(row.shortYards)}>{formatLength(row.shortYards)}</TableCell>
              <TableCell className={shortClass(row.shortYards)}>
                {formatPercent(row.shortPercent)}
                {showValue && row.shortValue != null && (
                  <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                    {money(row.shortValue)}
                  </span>
                )}
              </TableCell>
              {showValue && (
                <TableCell className={cn("hidden sm:table-cell", shortClass(row.shortYards))}>
                  {row.shortValue == null ? "—" : money(row.shortValue)}
                </TableCell>
              )}
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}

const ROLL_COLUMNS = 8;

/** The drill-down: one supplier's ticketed rolls, ticket against measured. */
export function ShortageRollsTable({
  rows,
  loading,
}: {
  rows: (SupplierShortageRoll & RollMoney & { shortValue?: number | null })[] | undefined;
  loading: boolean;
}) {
  // Administrators: Unit Cost and the roll's Short Value (short x unit cost: what the supplier's
  // Short Value sums); phones show the short value under the short yards.
  const { t, lengthUnit } = useT();
  const showMoney = useShowRollMoney(rows);
  const money = useMoney();
  const shortValue = (row: { shortValue?: number | null }) =>
    row.shortValue == null ? "—" : money(row.shortValue);
  const columns = ROLL_COLUMNS + (showMoney ? 2 : 0);
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t("reports.column.roll")}</TableHead>
          <TableHead>{t("reports.column.type")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("reports.column.color")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("reports.column.batch")}</TableHead>
          <TableHead className="hidden lg:table-cell">{t("reports.column.receivedOn")}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">
            {t("reports.column.ticketUnit", { unit: lengthUnit })}
          </TableHead>
          <TableHead className="text-right">
            <span className="hidden sm:inline">{t("reports.column.measuredUnit", { unit: lengthUnit })}</span>
            <span className="sm:hidden">{t("reports.column.measured")}</span>
          </TableHead>
          <TableHead className="text-right">
            <span className="hidden sm:inline">{t("reports.column.shortUnit", { unit: lengthUnit })}</span>
            <span className="sm:hidden">{t("reports.column.short")}</span>
          </TableHead>
          {showMoney && (
            <>
              <TableHead className="hidden text-right xl:table-cell">
                {t("reports.column.unitCost")}
              </TableHead>
              <TableHead className="hidden text-right md:table-cell">
                {t("reports.column.shortValue")}
              </TableHead>
            </>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={columns} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={columns}>{t("reports.shortages.rollsEmpty")}</EmptyTableRow>
        )}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="font-medium">
                <RollCodeLink roll={row} />
                <span className="block text-xs font-normal text-muted-foreground lg:hidden">
                  {formatDate(row.firstReceived)}
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
              <TableCell className="hidden lg:table-cell">{formatDate(row.firstReceived)}</TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatLength(row.ticketYards)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatLength(row.receivedYards)}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {t("reports.lowStock.of", { threshold: formatLength(row.ticketYards) })}
                </span>
              </TableCell>
              <TableCell className={shortClass(row.shortYards)}>
                {formatLength(row.shortYards)}
                {showMoney && (
                  <span className="block text-xs font-normal text-muted-foreground md:hidden">
                    {shortValue(row)}
                  </span>
                )}
              </TableCell>
              {showMoney && (
                <>
                  <TableCell className="hidden text-right tabular-nums xl:table-cell">
                    <UnitCostText roll={row} />
                  </TableCell>
                  <TableCell className={cn("hidden md:table-cell", shortClass(row.shortYards))}>
                    {shortValue(row)}
                  </TableCell>
                </>
              )}
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
