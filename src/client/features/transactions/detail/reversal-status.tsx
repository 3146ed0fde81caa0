import { Link } from "wouter";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { Badge } from "../../../components/ui/badge";
import { useT } from "../../../i18n";

type Header = Pick<
  TransactionDetail["header"],
  "reversesId" | "reversesNumber" | "reversedById" | "reversedByNumber" | "mixedLots"
>;

/**
 * Beside the Completed badge (CONTRACT.md sections 9 and 10): "Reversed by RCV-…" on a transaction
 * that was corrected, "Reverses RCV-…" on its reversal, each a link to the other; "Mixed dye lots"
 * when its items took one material from two or more batches.
 */
export function StatusBadges({ header }: { header: Header }) {
  const { t } = useT();
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant="success">{t("transactionList.status.completed")}</Badge>
      {header.reversedById !== null ? (
        <Link
          href={`/transactions/${header.reversedById}`}
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Badge variant="destructive">
            {t("transactionList.status.reversedBy", { number: header.reversedByNumber ?? "" })}
          </Badge>
        </Link>
      ) : null}
      {header.reversesId !== null ? (
        <Link
          href={`/transactions/${header.reversesId}`}
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Badge variant="warning">
            {t("transactionList.status.reverses", { number: header.reversesNumber ?? "" })}
          </Badge>
        </Link>
      ) : null}
      {header.mixedLots ? <Badge variant="outline">{t("transactionList.status.mixedLots")}</Badge> : null}
    </span>
  );
}

/** The list's status cell: Completed, and Reversed / Reverses … beside it. */
export function ListStatusBadges({
  row,
}: {
  row: { reversesNumber: string | null; reversedByNumber: string | null };
}) {
  const { t } = useT();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant="success">{t("transactionList.status.completed")}</Badge>
      {row.reversedByNumber ? (
        <Badge variant="destructive">{t("transactionList.status.reversed")}</Badge>
      ) : null}
      {row.reversesNumber ? (
        <Badge variant="warning">
          {t("transactionList.status.reverses", { number: row.reversesNumber })}
        </Badge>
      ) : null}
    </span>
  );
}
