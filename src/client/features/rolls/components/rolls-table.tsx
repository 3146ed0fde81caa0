import { useDeferredValue } from "react";
import type { Roll } from "../../../../domain/roll";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatYards } from "../../../lib/format";
import { useIsPhone } from "../../../lib/use-is-phone";
import type { Sorting } from "../../../lib/use-url-sort";
import {
  NO_ROLLS_TEXT,
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
import { RollStatusBadge } from "./roll-status-badge";

const COLUMNS = 11;
/** Administrators: Unit Cost and Value (issue 17). */
const MONEY_COLUMNS = 2;

const dash = <span className="text-muted-foreground">—</span>;

/**
 * The rolls of one page: code, material with its color, batch, warehouse, length now, received
 * and ticket, width, bin, status, first received. Phones get one compact row per roll instead.
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
  const phone = useIsPhone();
  const showMoney = useShowRollMoney(rows);
  const columns = COLUMNS + (showMoney ? MONEY_COLUMNS : 0);
  // With the money columns, what the roll came in as and its width wait for a wide screen (so that
  // the table fits a 1440 px desk), and the unit cost has a column of its own only there; below,
  // it is said under the value.
  const receivedAt = showMoney ? "2xl:table-cell" : "xl:table-cell";
  const widthAt = showMoney ? "2xl:table-cell" : "lg:table-cell";
  // A page that arrives is built in slices the browser can interrupt (as the Inventory table).
  const shownRows = useDeferredValue(rows);
  const pending = loading || (rows !== undefined && shownRows === undefined);
  if (phone)
    return (
      <RollPhoneRows
        rows={shownRows}
        loading={pending}
        colorCodes={colorCodes}
        selection={selection}
        showMoney={showMoney}
      />
    );
  const pageIds = (shownRows ?? []).map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.selected.has(id));
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-8">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              aria-label="Select the rolls on this page"
              checked={allOnPage}
              disabled={pageIds.length === 0}
              onChange={(e) => {
                for (const id of pageIds) selection.toggle(id, e.target.checked);
              }}
            />
          </TableHead>
          <SortableTableHead field="code" sorting={sorting}>
            Code
          </SortableTableHead>
          <SortableTableHead field="typeName" sorting={sorting}>
            Material
          </SortableTableHead>
          <SortableTableHead field="batch" sorting={sorting}>
            Batch
          </SortableTableHead>
          <SortableTableHead field="warehouseName" sorting={sorting}>
            Warehouse
          </SortableTableHead>
          <SortableTableHead field="lengthYards" sorting={sorting} align="right" className="text-right">
            Length (Yards)
          </SortableTableHead>
          {showMoney && (
            <>
              <TableHead className="hidden text-right 2xl:table-cell">Unit Cost</TableHead>
              <TableHead className="hidden text-right lg:table-cell">Value</TableHead>
            </>
          )}
          <TableHead className={cn("hidden text-right", receivedAt)}>Received / Ticket</TableHead>
          <TableHead className={cn("hidden text-right", widthAt)}>Width</TableHead>
          <TableHead className="hidden lg:table-cell">Bin</TableHead>
          <SortableTableHead field="status" sorting={sorting}>
            Status
          </SortableTableHead>
          <SortableTableHead field="firstReceived" sorting={sorting} className="hidden md:table-cell">
            First Received
          </SortableTableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {pending && <TableSkeletonRows rows={5} columns={columns} />}
        {!pending && shownRows?.length === 0 && (
          <EmptyTableRow colSpan={columns}>{NO_ROLLS_TEXT}</EmptyTableRow>
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
              <TableCell className="font-medium">
                <RollMaterial roll={row} colorCode={colorCodes.get(row.materialId)} />
              </TableCell>
              <TableCell className="font-mono text-xs">{row.batch}</TableCell>
              <TableCell>{row.warehouseName}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {formatYards(row.lengthYards)}
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
                        /yd
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
              <TableCell className="hidden max-w-40 truncate lg:table-cell" title={row.bin ?? undefined}>
                {row.bin ?? dash}
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
