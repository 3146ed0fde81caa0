import { ArchiveIcon, ArchiveRestoreIcon, HistoryIcon, PencilIcon, Trash2Icon } from "lucide-react";
import type * as React from "react";
import { EmptyTableRow } from "../../components/empty-table-row";
import { SortableTableHead } from "../../components/sortable-table-head";
import { TableSkeletonRows } from "../../components/table-skeleton-rows";
import { Button } from "../../components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { t } from "../../i18n";
import type { Sorting } from "../../lib/use-url-sort";

export interface MasterDataColumn<T> {
  header: string;
  cell: (item: T) => React.ReactNode;
  /** Applied to the header and every cell of the column (alignment, width). */
  className?: string;
  /** The field the server sorts this column by (the list's sort columns); absent: not sortable. */
  sort?: string;
}

export interface MasterDataTableProps<T extends { id: number }> {
  items: T[] | undefined;
  loading: boolean;
  columns: MasterDataColumn<T>[];
  emptyText: string;
  /** How a row is named in its buttons' labels: "Edit Main Store", "Delete Main Store". */
  itemName: (item: T) => string;
  /** Without them (clerk, viewer) the Actions column is left out. */
  onEdit?: (item: T) => void;
  onDelete?: (item: T) => void;
  /** Archive / Restore (issue 13): `isArchived` picks which one a row offers; archived rows are muted. */
  archive?: { isArchived: (item: T) => boolean; onArchive: (item: T) => void; onRestore: (item: T) => void };
  /** Sortable headers for the columns that name a `sort` field. */
  sorting?: Sorting<string>;
  /** The row's History (who changed what, issue 16 point 4): for every role. */
  onHistory?: (item: T) => void;
}

/** On phones the table scrolls sideways inside its card; the edit and delete icons stay in view. */
const STICKY_ON_PHONES =
  "max-sm:sticky max-sm:right-0 max-sm:bg-card max-sm:before:pointer-events-none max-sm:before:absolute max-sm:before:inset-y-0 max-sm:before:-left-4 max-sm:before:w-4 max-sm:before:bg-linear-to-l max-sm:before:from-card max-sm:before:to-transparent";

/** A master list: the spec's columns, 3 skeleton rows while loading, the empty-state row, edit/delete icons. */
export function MasterDataTable<T extends { id: number }>({
  items,
  loading,
  columns,
  emptyText,
  itemName,
  onEdit,
  onDelete,
  archive,
  sorting,
  onHistory,
}: MasterDataTableProps<T>) {
  const withActions = Boolean(onEdit || onDelete || onHistory);
  const columnCount = columns.length + (withActions ? 1 : 0);
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column) =>
            column.sort ? (
              <SortableTableHead
                key={column.header}
                field={column.sort}
                sorting={sorting}
                align={column.className?.includes("text-right") ? "right" : "left"}
                className={column.className}
              >
                {column.header}
              </SortableTableHead>
            ) : (
              <TableHead key={column.header} className={column.className}>
                {column.header}
              </TableHead>
            ),
          )}
          {withActions && (
            <TableHead className={`w-px text-right ${STICKY_ON_PHONES}`}>
              {/* Named for screen readers everywhere; on phones the icons alone need the width. */}
              {/* Read-only roles (clerk, viewer) have only the History action: the column says so. */}
              <span className="sr-only sm:not-sr-only">
                {onEdit || onDelete ? t("masterData.actions") : t("masterData.history")}
              </span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={3} columns={columnCount} />}
        {!loading && items?.length === 0 && <EmptyTableRow colSpan={columnCount}>{emptyText}</EmptyTableRow>}
        {items?.map((item) => (
          <TableRow key={item.id} className={archive?.isArchived(item) ? "text-muted-foreground" : undefined}>
            {columns.map((column) => (
              <TableCell key={column.header} className={column.className}>
                {column.cell(item)}
              </TableCell>
            ))}
            {withActions && (
              <TableCell className={`text-right ${STICKY_ON_PHONES}`}>
                <div className="flex justify-end gap-1">
                  {onEdit && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={t("masterData.editItem", { name: itemName(item) })}
                      onClick={() => onEdit(item)}
                    >
                      <PencilIcon aria-hidden="true" />
                    </Button>
                  )}
                  {archive &&
                    (archive.isArchived(item) ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={t("masterData.restoreItem", { name: itemName(item) })}
                        title={t("masterData.restore")}
                        onClick={() => archive.onRestore(item)}
                      >
                        <ArchiveRestoreIcon aria-hidden="true" />
                      </Button>
                    ) : (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={t("masterData.archiveItem", { name: itemName(item) })}
                        title={t("masterData.archive")}
                        onClick={() => archive.onArchive(item)}
                      >
                        <ArchiveIcon aria-hidden="true" />
                      </Button>
                    ))}
                  {onHistory && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={t("masterData.historyOf", { name: itemName(item) })}
                      title={t("masterData.history")}
                      onClick={() => onHistory(item)}
                    >
                      <HistoryIcon aria-hidden="true" />
                    </Button>
                  )}
                  {onDelete && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 text-destructive hover:bg-red-50 hover:text-destructive"
                      aria-label={t("masterData.deleteItem", { name: itemName(item) })}
                      onClick={() => onDelete(item)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  )}
                </div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
