import { z } from "zod";
import { type FieldSpec, mapColumns } from "./columns";
import type { Cell, Sheet } from "./read-sheet";

/** The file's first rows a preview shows, so the admin sees their columns landed where they meant. */
export const SAMPLE_FIRST_ROWS = 20;
/** At most this many rows in all: the first ones, then the rows with errors in file order. */
export const SAMPLE_MAX_ROWS = 200;

export const SheetSampleSchema = z
  .object({
    header: z.array(z.string()),
    fields: z
      .array(z.string().nullable())
      .describe(
        "Per column, the field it is read as (the name errors give as `column`), or null when not read",
      ),
    rows: z.array(z.object({ row: z.int(), cells: z.array(z.string()) })),
  })
  .describe(
    "Preview only: the file's header and rows as read (the first 20, then those in error; 200 at most)",
  );

export type SheetSample = z.infer<typeof SheetSampleSchema>;

/** A cell as the sheet showed it: dates as yyyy-mm-dd, numbers with the digits the file wrote. */
function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "string") return cell;
  if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : cell.toISOString().slice(0, 10);
  return cell.number;
}

/** The rows a preview shows, each cell as text, so the screen can mark the cells in error in place. */
export function sampleOf(
  sheet: Sheet,
  errors: readonly { row: number }[],
  fields: readonly FieldSpec[],
  ignored: readonly string[] = [],
): SheetSample {
  const readAs = new Map(
    [...mapColumns(sheet.header, fields, ignored).index].map(([key, column]) => [column, key]),
  );
  const headerOf = new Map(fields.map((f) => [f.key, f.header]));
  const wanted = new Set(sheet.rows.slice(0, SAMPLE_FIRST_ROWS).map((r) => r.row));
  for (const e of errors) {
    if (wanted.size >= SAMPLE_MAX_ROWS) break;
    wanted.add(e.row);
  }
  const rows = sheet.rows
    .filter((r) => wanted.has(r.row))
    .map((r) => ({ row: r.row, cells: sheet.header.map((_, i) => cellText(r.cells[i] ?? null)) }));
  return {
    header: sheet.header,
    fields: sheet.header.map((_, i) => headerOf.get(readAs.get(i) ?? "") ?? null),
    rows,
  };
}
