import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "../../../components/ui/button";

interface PaginationProps {
  pageIndex: number;
  pageSize: number;
  total: number;
  onPageChange: (index: number) => void;
  busy?: boolean;
}

/** "Showing 1–25 of 340" with Previous / Next. */
export function Pagination({ pageIndex, pageSize, total, onPageChange, busy }: PaginationProps) {
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const lastIndex = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {first}–{last} of {total.toLocaleString("en-US")}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy || pageIndex === 0}
          onClick={() => onPageChange(pageIndex - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || pageIndex >= lastIndex}
          onClick={() => onPageChange(pageIndex + 1)}
        >
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
