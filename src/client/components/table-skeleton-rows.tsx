import { Skeleton } from "./ui/skeleton";
import { TableCell, TableRow } from "./ui/table";

/** Placeholder rows while a table loads (spec: 3 on master lists, 5 on reports and lists). */
export function TableSkeletonRows({ rows = 3, columns }: { rows?: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <TableRow key={r} aria-hidden="true" data-testid="skeleton-row" className="hover:bg-transparent">
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <TableCell key={c}>
              <Skeleton className="h-4 w-full max-w-40" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
