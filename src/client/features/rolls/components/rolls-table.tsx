import { useDeferredValue } from "react";
import type { Roll } from "../../../../domain/roll";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatDate, formatLength } from "../../../lib/format";
import { useIsPhone } from "../../../lib/use-is-phone";
import type { Sorting } from "../../../lib/use-url-sort";
import {
  HeadWords,
  noRollsText,
  RollLink,
  RollMaterial,
  type RollSelection,
  receivedText,
  SelectRollBox,
  widthText,
} from "./roll-cells";

export type { RollSelection };

import { type RollMoney, UnitCostText, useShowRollMoney, ValueText } from "./roll-money";
import { RollPhoneRows } from "./roll-phone-rows";
import { RollSortSelect } from "./roll-sort-select";
import { RollStatusBadge } from "./roll-status-badge";

const COLUMNS = 10;
/** Administrators: Unit Cost and Value (issue 17). */
const MONEY_COLUMNS = 2;

const dash = <span className="text-muted-foreground">—</span>;

/** Ten columns or more on a desk: slightly narrower cells than other tables. */
const TIGHT = "[&_td]:px-2 [&_th]:px-2";

/**
 * The rolls of one page: code, material with its color, batch, warehouse with the bin under it,
 * length now, received and ticket, width, status, first received. Phones get one compact row per
 * roll instead, under a Sort select.
 *
 * Every column fits a 1440 px desk without sideways scrolling, with real names ("Polyester Chiffon /
 * Champagne", "Jakarta Distribution Center"): the bin goes under the warehouse, and the material,
 * the warehouse and the longer headers may wrap onto a second line rather than widen the table.
 */
export function RollsTable({
  rows,
  loading,
  sorting,
  colorCodes,
  selection,
}: {
  rows: (Roll & RollMoney)[] | undefined;
  loading: boolean;
  selection: RollSelection;
  /** Sortable headers (ROLL_SORTS). */
  sorting?: Sorting<string>;
  /** Each material's color code, by material id (the swatches). */
  colorCodes: ReadonlyMap<number, string | null>;
}) {
  const { t, lengthUnit } = useT();
  const phone = useIsPhone();
  const showMoney = useShowRollMoney(rows);
  const columns = COLUMNS + (showMoney ? MONEY_COLUMNS : 0);
  // What the roll came in as waits for a 1440 px desk (below, the names would wrap onto three
  // lines to make room for it), and with the money columns its width and it wait for a wide screen,
  // where the unit cost has a column of its own too; below, the unit cost is said under the value.
  const receivedAt = showMoney ? "2xl:table-cell" : "min-[90rem]:table-cell";
  const widthAt = showMoney ? "2xl:table-cell" : "lg:table-cell";
  // A page that arrives is built in slices the browser can interrupt (as the Inventory table).
  const shownRows = useDeferredValue(rows);
  const pending = loading || (rows !== undefined && shownRows === undefined);
  if (phone)
    return (
      <>
        {/* No headers to click on a phone: the same sorts in a select. */}
        {sorting && <RollSortSelect sorting={sorting} />}
        <RollPhoneRows
          rows={shownRows}
          loading={pending}
          colorCodes={colorCodes}
          selection={selection}
          showMoney={showMoney}
        />
      </>
    );
  const pageIds = (shownRows ?? []).map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.selected.has(id));
  return (
    <Table className={TIGHT}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-8">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              aria-label={t("rolls.table.selectPage")}
              checked={allOnPage}
              disabled={pageIds.length === 0}
              onChange={(e) => {
                for (const id of pageIds) selection.toggle(id, e.target.checked);
              }}
            />
          </TableHead>
          <SortableTableHead field="code" sorting={sorting}>
            {t("rolls.table.code")}
          </SortableTableHead>
          <SortableTableHead field="typeName" sorting={sorting}>
            {t("rolls.table.material")}
          </SortableTableHead>
          <SortableTableHead field="batch" sorting={sorting}>
            {t("rolls.table.batch")}
          </SortableTableHead>
          <SortableTableHead field="warehouseName" sorting={sorting}>
            {t("rolls.table.warehouse")}
          </SortableTableHead>
          <SortableTableHead field="lengthYards" sorting={sorting} align="right" className="text-right">
            <HeadWords>{t("rolls.table.length", { unit: lengthUnit })}</HeadWords>
          </SortableTableHead>
          {showMoney && (
            <>
              <TableHead className="hidden text-right 2xl:table-cell">{t("rolls.table.unitCost")}</TableHead>
              <TableHead className="hidden text-right lg:table-cell">{t("rolls.table.value")}</TableHead>
            </>
          )}
          <TableHead className={cn("hidden text-right", receivedAt)}>
            <HeadWords className="max-w-24">{t("rolls.table.receivedTicket")}</HeadWords>
          </TableHead>
          <TableHead className={cn("hidden text-right", widthAt)}>{t("rolls.table.width")}</TableHead>
          <SortableTableHead field="status" sorting={sorting}>
            {t("rolls.table.status")}
          </SortableTableHead>
          <SortableTableHead field="firstReceived" sorting={sorting} className="hidden md:table-cell">
            <HeadWords>{t("rolls.table.firstReceived")}</HeadWords>
          </SortableTableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {pending && <TableSkeletonRows rows={5} columns={columns} />}
        {!pending && shownRows?.length === 0 && (
          <EmptyTableRow colSpan={columns}>{noRollsText()}</EmptyTableRow>
        )}
        {!pending &&
          shownRows?.map((row) => (
            <TableRow key={row.id} data-state={selection.selected.has(row.id) ? "selected" : undefined}>
              <TableCell>
                <SelectRollBox roll={row} selection={selection} />
              </TableCell>
              <TableCell>
                <RollLink roll={row} />
              </TableCell>
              <TableCell className="min-w-32 whitespace-normal font-medium">
                <RollMaterial roll={row} colorCode={colorCodes.get(row.materialId)} />
              </TableCell>
              <TableCell className="font-mono text-xs">{row.batch}</TableCell>
              <TableCell className="min-w-28 whitespace-normal">
                {row.warehouseName}
                {row.bin !== null && (
                  <span className="block text-xs text-muted-foreground wrap-anywhere">
                    {t("rolls.table.bin", { bin: row.bin })}
                  </span>
                )}
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {formatLength(row.lengthYards)}
              </TableCell>
              {showMoney && (
                <>
                  <TableCell className="hidden text-right tabular-nums 2xl:table-cell">
                    <UnitCostText roll={row} />
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums lg:table-cell">
                    <ValueText roll={row} />
                    {row.unitCost != null && (
                      <span className="block text-xs text-muted-foreground 2xl:hidden">
                        <UnitCostText roll={row} />
                        {t("rolls.table.perUnit", { unit: lengthUnit })}
                      </span>
                    )}
                  </TableCell>
                </>
              )}
              <TableCell className={cn("hidden text-right tabular-nums text-muted-foreground", receivedAt)}>
                {receivedText(row)}
              </TableCell>
              <TableCell className={cn("hidden text-right tabular-nums", widthAt)}>
                {row.widthInches === null ? dash : widthText(row.widthInches)}
              </TableCell>
              <TableCell>
                <RollStatusBadge status={row.status} />
              </TableCell>
              <TableCell className="hidden md:table-cell">{formatDate(row.firstReceived)}</TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
