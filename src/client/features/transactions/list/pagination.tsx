import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { useT } from "../../../i18n";
import { formatNumber } from "../../../lib/format";

interface PaginationProps {
  pageIndex: number;
  pageSize: number;
  total: number;
  onPageChange: (index: number) => void;
  busy?: boolean;
}

/** "Showing 1–25 of 340" with Previous / Next. */
export function Pagination({ pageIndex, pageSize, total, onPageChange, busy }: PaginationProps) {
  const { t } = useT();
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const lastIndex = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <nav
      aria-label={t("transactionList.pagination.label")}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t("transactionList.pagination.showing", {
          first: formatNumber(first),
          last: formatNumber(last),
          total: formatNumber(total),
        })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy || pageIndex === 0}
          onClick={() => onPageChange(pageIndex - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          {t("transactionList.pagination.previous")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || pageIndex >= lastIndex}
          onClick={() => onPageChange(pageIndex + 1)}
        >
          {t("transactionList.pagination.next")}
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
