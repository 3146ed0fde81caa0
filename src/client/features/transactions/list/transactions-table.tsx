import { Link } from "wouter";
import type { TransactionListRow } from "../../../../domain/transaction";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Badge } from "../../../components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate } from "../../../lib/format";
import { transactionParty } from "./transaction-party";

/**
 * The Transaction History table of the list screen (one page of rows); the history report adds
 * the Reference column, the dashboard its own empty text.
 */
export function TransactionsTable({
  rows,
  loading,
  showReference = false,
  emptyText = "No transactions found matching the current filters.",
  skeletonRows = 5,
}: {
  rows: TransactionListRow[] | undefined;
  loading: boolean;
  showReference?: boolean;
  emptyText?: string;
  skeletonRows?: number;
}) {
  const columns = showReference ? 7 : 6;
  const empty = !loading && rows?.length === 0;
  return (
    <Table>
      {/* Empty on a phone: no headers, whose width alone would make an unfocusable scroll area. */}
      <TableHeader className={empty ? "max-sm:hidden" : undefined}>
        <TableRow className="hover:bg-transparent">
          <TableHead>Transaction No.</TableHead>
          <TableHead>Date</TableHead>
          {/* Phones: the type (and reference) go under the number. */}
          <TableHead className="hidden sm:table-cell">Type</TableHead>
          {showReference && <TableHead className="hidden sm:table-cell">Reference</TableHead>}
          <TableHead>Supplier/Warehouse</TableHead>
          <TableHead className="text-right">Items</TableHead>
          {/* Always "Completed": left out on phones, where the row needs the room. */}
          <TableHead className="hidden sm:table-cell">Status</TableHead>
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
                  {row.transactionType}
                  {showReference && row.referenceDocument && ` · ${row.referenceDocument}`}
                </span>
              </TableCell>
              <TableCell>{formatDate(row.transactionDate)}</TableCell>
              <TableCell className="hidden sm:table-cell">{row.transactionType}</TableCell>
              {showReference && (
                <TableCell
                  className="hidden max-w-48 truncate sm:table-cell"
                  title={row.referenceDocument ?? undefined}
                >
                  {row.referenceDocument}
                </TableCell>
              )}
              <TableCell className="max-w-64 truncate" title={transactionParty(row)}>
                {transactionParty(row)}
              </TableCell>
              <TableCell className="text-right tabular-nums">{row.detailsCount ?? 0} items</TableCell>
              <TableCell className="hidden sm:table-cell">
                <Badge variant="success">Completed</Badge>
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
