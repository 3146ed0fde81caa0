import { Link } from "wouter";
import type { TransactionListRow } from "../../../../domain/transaction-views";
import { Skeleton } from "../../../components/ui/skeleton";
import { useT } from "../../../i18n";
import { formatDate } from "../../../lib/format";
import { PartyText } from "./party-text";
import { rowTypeLabel } from "./type-label";

/**
 * The transactions on a phone: one compact row each, nothing behind sideways scrolling. Number
 * and date on the first line, the type (and reference) under them, then the supplier or the
 * warehouses in full, the item count on the right. The whole row opens the transaction.
 */
export function TransactionPhoneRows({
  rows,
  loading,
  showReference,
  emptyText,
  skeletonRows,
}: {
  rows: TransactionListRow[] | undefined;
  loading: boolean;
  showReference: boolean;
  emptyText: string;
  skeletonRows: number;
}) {
  const { t } = useT();
  if (loading) {
    return (
      <ul aria-hidden="true" className="divide-y">
        {Array.from({ length: skeletonRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <li key={i} data-testid="skeleton-row" className="grid gap-2 px-2 py-3">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </li>
        ))}
      </ul>
    );
  }
  if (!rows?.length) {
    return <p className="px-2 py-8 text-center text-sm text-muted-foreground">{emptyText}</p>;
  }
  return (
    <ul aria-label={t("transactionList.rowsLabel")} data-testid="transaction-phone-rows" className="divide-y">
      {rows.map((row) => (
        <li
          key={row.id}
          className="relative flex items-start gap-3 px-2 py-2.5 transition-colors hover:bg-muted/50"
        >
          <div className="grid min-w-0 flex-1 gap-0.5">
            <Link
              href={`/transactions/${row.id}`}
              // The link covers the whole row: a thumb-sized target.
              className="font-mono text-sm font-medium underline-offset-4 outline-none after:absolute after:inset-0 after:rounded-md hover:underline focus-visible:underline focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
            >
              {row.transactionNumber}
            </Link>
            <span className="text-xs text-muted-foreground">
              {rowTypeLabel(row)}
              {showReference && row.referenceDocument && ` · ${row.referenceDocument}`}
            </span>
            <span className="text-sm break-words">
              <PartyText row={row} />
            </span>
          </div>
          <div className="grid shrink-0 gap-0.5 text-right">
            <span className="text-sm">{formatDate(row.transactionDate)}</span>
            <span className="text-xs text-muted-foreground tabular-nums">
              {t("transactionList.items", { count: row.detailsCount ?? 0 })}
            </span>
            {row.reversedByNumber ? (
              <span className="text-xs font-medium text-destructive">
                {t("transactionList.status.reversed")}
              </span>
            ) : null}
            {row.reversesNumber ? (
              <span className="text-xs font-medium text-amber-700 dark:text-amber-400">
                {t("transactionList.status.reverses", { number: row.reversesNumber })}
              </span>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
