import { TableCell, TableHead } from "../../../components/ui/table";

/**
 * Type, Color and Batch columns. Phones fold color and batch under the type (their columns are
 * hidden there), so that the yards and the status fit beside them without scrolling.
 */
export function MaterialHeads() {
  return (
    <>
      <TableHead>Type</TableHead>
      <TableHead className="hidden sm:table-cell">Color</TableHead>
      <TableHead className="hidden sm:table-cell">Batch</TableHead>
    </>
  );
}

export function MaterialCells({
  typeName,
  colorName,
  batch,
}: {
  typeName: string;
  colorName: string;
  batch: string;
}) {
  return (
    <>
      <TableCell className="font-medium">
        {typeName}
        <span className="block text-xs font-normal text-muted-foreground sm:hidden">
          {colorName} · <span className="font-mono">{batch}</span>
        </span>
      </TableCell>
      <TableCell className="hidden sm:table-cell">{colorName}</TableCell>
      <TableCell className="hidden font-mono text-xs sm:table-cell">{batch}</TableCell>
    </>
  );
}

/** "Available Yards", shortened to "Yards" on phones. */
export function YardsHead({ label = "Available Yards" }: { label?: string }) {
  return (
    <TableHead className="text-right">
      <span className="hidden sm:inline">{label}</span>
      <span className="sm:hidden">Yards</span>
    </TableHead>
  );
}

/** Slightly narrower cells on phones, so that the folded rows fit 390 px without scrolling. */
export const PHONE_TIGHT = "max-sm:[&_td]:px-1.5 max-sm:[&_th]:px-1.5";
