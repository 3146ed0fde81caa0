import type * as React from "react";
import { TableCell, TableRow } from "./ui/table";

/** One full-width row with the empty-state text, e.g. "No warehouses found. Add a warehouse to get started." */
export function EmptyTableRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="h-24 whitespace-normal text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}
