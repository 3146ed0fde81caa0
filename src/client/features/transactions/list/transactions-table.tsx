import { Link } from "wouter";
import type { TransactionListRow } from "../../../../domain/transaction";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Badge } from "../../../components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate } from "../../../lib/format";
import { transactionParty } from "./transaction-party";

const COLUMNS = 6;

/** The Transaction History table of the list screen (one page of rows). */
export function TransactionsTable({
  rows,
  loading,
}: {
  rows: TransactionListRow[] | undefined;
  loading: boolean;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Transaction No.</TableHead>
          <TableHead>Date</TableHead>
          {/* Phones: the type goes under the number. */}
          <TableHead className="hidden sm:table-cell">Type</TableHead>
          <TableHead>Supplier/Warehouse</TableHead>
          <TableHead className="text-right">Items</TableHead>
          {/* Always "Completed": left out on phones, where the row needs the room. */}
          <TableHead className="hidden sm:table-cell">Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={5} columns={COLUMNS} />}
        {!loading && rows?.length === 0 && (
          <EmptyTableRow colSpan={COLUMNS}>No transactions found matching the current filters.</EmptyTableRow>
        )}
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
                <span className="block text-xs text-muted-foreground sm:hidden">{row.transactionType}</span>
              </TableCell>
              <TableCell>{formatDate(row.transactionDate)}</TableCell>
              <TableCell className="hidden sm:table-cell">{row.transactionType}</TableCell>
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
