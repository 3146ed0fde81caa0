import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import type { Sorting } from "../lib/use-url-sort";
import { TableHead } from "./ui/table";

/**
 * A column header that sorts the list on the server: a button inside the `th` (keyboard: Tab, then
 * Enter or Space), `aria-sort` on the `th` for the sorted column, and an arrow saying which way.
 * Clicking the sorted column reverses it; another column sorts ascending. Without `sorting` (a
 * table that does not sort, e.g. the dashboard's) it is a plain header.
 */
export function SortableTableHead<F extends string>({
  field,
  sorting,
  align = "left",
  className,
  children,
}: {
  field: F;
  sorting?: Sorting<F>;
  align?: "left" | "right";
  className?: string;
  children: React.ReactNode;
}) {
  if (!sorting) return <TableHead className={className}>{children}</TableHead>;
  const active = sorting.sort.field === field;
  const Icon = !active ? ArrowUpDownIcon : sorting.sort.order === "asc" ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead
      aria-sort={active ? (sorting.sort.order === "asc" ? "ascending" : "descending") : undefined}
      className={className}
    >
      <button
        type="button"
        onClick={() => sorting.onSort(field)}
        className={cn(
          "inline-flex cursor-pointer items-center gap-1 rounded-sm py-1 uppercase tracking-wide outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
          align === "right" && "flex-row-reverse",
          active && "text-foreground",
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn("size-3.5 shrink-0", !active && "opacity-40")} />
      </button>
    </TableHead>
  );
}
