import type { SupplierShortage, SupplierShortageRoll } from "../../../../domain/supplier-shortage";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatYards } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import type { Sorting } from "../../../lib/use-url-sort";
import { useCan } from "../../auth/current-user";
import { type RollMoney, UnitCostText, useShowRollMoney } from "../../rolls/components/roll-money";
import { PHONE_TIGHT } from "../components/material-cells";
import { RollCodeLink } from "../remnants/remnants-table";

/** "2.50%": the share of the ticketed yards that did not arrive (negative: more arrived). */
export const formatPercent = (value: number) =>
  `${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

/** Short yards stand out when the supplier sent less than its tickets said. */
const shortClass = (yards: number) => cn("text-right tabular-nums", yards > 0 && "font-semibold");

const SUPPLIER_COLUMNS = 6;

const rollsText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "roll" : "rolls"}`;

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
  const admin = useCan("admin");
  const showValue = admin && (!rows?.length || rows.some((r) => r.shortValue != null));
  const money = useMoney();
  const columns = SUPPLIER_COLUMNS + (showValue ? 1 : 0);
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortableTableHead field="supplierName" sorting={sorting}>
            Supplier
          </SortableTableHead>
          <SortableTableHead
            field="rolls"
            sorting={sorting}
            align="right"
            className="hidden text-right sm:table-cell"
          >
            Rolls
          </SortableTableHead>
          <SortableTableHead
            field="ticketYards"
            sorting={sorting}
            align="right"
            className="hidden text-right sm:table-cell"
          >
            Ticket (Yards)
          </SortableTableHead>
          <SortableTableHead
            field="receivedYards"
            sorting={sorting}
            align="right"
            className="hidden text-right md:table-cell"
          >
            Received (Yards)
          </SortableTableHead>
          <SortableTableHead field="shortYards" sorting={sorting} align="right" className="text-right">
            <span className="hidden sm:inline">Short (Yards)</span>
            <span className="sm:hidden">Short</span>
          </SortableTableHead>
          <SortableTableHead field="shortPercent" sorting={sorting} align="right" className="text-right">
            Short %
          </SortableTableHead>
          {showValue && <TableHead className="hidden text-right sm:table-cell">Short Value</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={columns} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={columns}>
            No rolls with a ticket length were received in this period.
          </EmptyTableRow>
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
                  {rollsText(row.rolls)} · {formatYards(row.ticketYards)} yd ticketed
                </span>
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {row.rolls.toLocaleString("en-US")}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatYards(row.ticketYards)}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums md:table-cell">
                {formatYards(row.receivedYards)}
              </TableCell>
              <TableCell className={shortClass(row.shortYards)}>{formatYards(row.shortYards)}</TableCell>
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
  const showMoney = useShowRollMoney(rows);
  const money = useMoney();
  const shortValue = (row: { shortValue?: number | null }) =>
    row.shortValue == null ? "—" : money(row.shortValue);
  const columns = ROLL_COLUMNS + (showMoney ? 2 : 0);
  return (
    <Table className={PHONE_TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Roll</TableHead>
          <TableHead>Type</TableHead>
          <TableHead className="hidden sm:table-cell">Color</TableHead>
          <TableHead className="hidden sm:table-cell">Batch</TableHead>
          <TableHead className="hidden lg:table-cell">Received On</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Ticket (Yards)</TableHead>
          <TableHead className="text-right">
            <span className="hidden sm:inline">Measured (Yards)</span>
            <span className="sm:hidden">Measured</span>
          </TableHead>
          <TableHead className="text-right">
            <span className="hidden sm:inline">Short (Yards)</span>
            <span className="sm:hidden">Short</span>
          </TableHead>
          {showMoney && (
            <>
              <TableHead className="hidden text-right xl:table-cell">Unit Cost</TableHead>
              <TableHead className="hidden text-right md:table-cell">Short Value</TableHead>
            </>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={columns} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={columns}>
            No rolls with a ticket length from this supplier in this period.
          </EmptyTableRow>
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
                {formatYards(row.ticketYards)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatYards(row.receivedYards)}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  of {formatYards(row.ticketYards)}
                </span>
              </TableCell>
              <TableCell className={shortClass(row.shortYards)}>
                {formatYards(row.shortYards)}
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
