import { Link } from "wouter";
import type { TRANSACTION_SORTS } from "../../../../domain/list-sorts";
import type { TransactionListRow } from "../../../../domain/transaction-views";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { formatDate } from "../../../lib/format";
import { useIsPhone } from "../../../lib/use-is-phone";
import type { Sorting } from "../../../lib/use-url-sort";
import { ListStatusBadges } from "../detail/reversal-status";
import { PartyText } from "./party-text";
import { transactionParty } from "./transaction-party";
import { TransactionPhoneRows } from "./transaction-phone-rows";
import { rowTypeLabel } from "./type-label";

/**
 * The Transaction History table of the list screen (one page of rows); the history report adds
 * the Reference column, the dashboard its own empty text.
 */
export function TransactionsTable({
  rows,
  loading,
  showReference = false,
  emptyText: emptyGiven,
  skeletonRows = 5,
  sorting,
}: {
  rows: TransactionListRow[] | undefined;
  loading: boolean;
  /** Sortable headers (the list and the history report; not the dashboard's recent list). */
  sorting?: Sorting<(typeof TRANSACTION_SORTS)[number]>;
  showReference?: boolean;
  emptyText?: string;
  skeletonRows?: number;
}) {
  const { t } = useT();
  const emptyText = emptyGiven ?? t("transactionList.empty");
  const phone = useIsPhone();
  const columns = showReference ? 7 : 6;
  const empty = !loading && rows?.length === 0;
  if (phone) {
    const props = { rows, loading, showReference, emptyText, skeletonRows };
    return <TransactionPhoneRows {...props} />;
  }
  return (
    <Table>
      {/* Empty on a phone: no headers, whose width alone would make an unfocusable scroll area. */}
      <TableHeader className={empty ? "max-sm:hidden" : undefined}>
        <TableRow className="hover:bg-transparent">
          <SortableTableHead field="transactionNumber" sorting={sorting}>
            {t("transactionList.column.number")}
          </SortableTableHead>
          <SortableTableHead field="transactionDate" sorting={sorting}>
            {t("transactionList.column.date")}
          </SortableTableHead>
          {/* Phones: the type (and reference) go under the number. */}
          <SortableTableHead field="transactionType" sorting={sorting} className="hidden sm:table-cell">
            {t("transactionList.column.type")}
          </SortableTableHead>
          {showReference && (
            <SortableTableHead field="referenceDocument" sorting={sorting} className="hidden sm:table-cell">
              {t("transactionList.column.reference")}
            </SortableTableHead>
          )}
          <SortableTableHead field="supplierName" sorting={sorting}>
            {t("transactionList.column.party")}
          </SortableTableHead>
          <SortableTableHead field="detailsCount" sorting={sorting} align="right" className="text-right">
            {t("transactionList.column.items")}
          </SortableTableHead>
          {/* Always "Completed": left out on phones, where the row needs the room. */}
          <TableHead className="hidden sm:table-cell">{t("transactionList.column.status")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={skeletonRows} columns={columns} />}
        {empty && <EmptyTableRow colSpan={columns}>{emptyText}</EmptyTableRow>}
        {!loading &&
          rows?.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="font-medium">
                <Link
                  href={`/transactions/${row.id}`}
                  className="font-mono text-sm underline-offset-4 hover:underline focus-visible:underline"
                >
                  {row.transactionNumber}
                </Link>
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {rowTypeLabel(row)}
                  {showReference && row.referenceDocument && ` · ${row.referenceDocument}`}
                </span>
              </TableCell>
              <TableCell>{formatDate(row.transactionDate)}</TableCell>
              <TableCell className="hidden sm:table-cell">{rowTypeLabel(row)}</TableCell>
              {showReference && (
                <TableCell
                  className="hidden max-w-48 truncate sm:table-cell"
                  title={row.referenceDocument ?? undefined}
                >
                  {row.referenceDocument}
                </TableCell>
              )}
              {/* In full (wrapping at a transfer's arrow), the title for a pointer too. */}
              <TableCell className="min-w-48 whitespace-normal" title={transactionParty(row)}>
                <PartyText row={row} />
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {t("transactionList.items", { count: row.detailsCount ?? 0 })}
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <ListStatusBadges row={row} />
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
