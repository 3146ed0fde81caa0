import { Link } from "wouter";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { Badge } from "../../../components/ui/badge";

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
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant="success">Completed</Badge>
      {header.reversedById !== null ? (
        <Link
          href={`/transactions/${header.reversedById}`}
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Badge variant="destructive">Reversed by {header.reversedByNumber}</Badge>
        </Link>
      ) : null}
      {header.reversesId !== null ? (
        <Link
          href={`/transactions/${header.reversesId}`}
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Badge variant="warning">Reverses {header.reversesNumber}</Badge>
        </Link>
      ) : null}
      {header.mixedLots ? <Badge variant="outline">Mixed dye lots</Badge> : null}
    </span>
  );
}

/** The list's status cell: Completed, and Reversed / Reverses … beside it. */
export function ListStatusBadges({
  row,
}: {
  row: { reversesNumber: string | null; reversedByNumber: string | null };
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant="success">Completed</Badge>
      {row.reversedByNumber ? <Badge variant="destructive">Reversed</Badge> : null}
      {row.reversesNumber ? <Badge variant="warning">Reverses {row.reversesNumber}</Badge> : null}
    </span>
  );
}
