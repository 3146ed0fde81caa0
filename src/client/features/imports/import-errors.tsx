import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { useT } from "../../i18n";
import { messageText } from "../../lib/coded-message";
import { formatNumber } from "../../lib/format";
import type { ImportRowError } from "./import-api";

/** The cells in error, one line each: the sheet's row (header = 1), the column and what is wrong. */
export function ImportErrors({ errors }: { errors: ImportRowError[] }) {
  const { t } = useT();
  // The contract's first 1,000: a file full of errors is fixed from the top anyway.
  const shown = errors.slice(0, 1000);
  return (
    <div className="overflow-x-auto rounded-md border border-destructive/40">
      <Table aria-label={t("imports.errors.table")}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-14 text-right">{t("imports.errors.row")}</TableHead>
            <TableHead className="hidden w-32 sm:table-cell">{t("imports.errors.column")}</TableHead>
            <TableHead>{t("imports.errors.message")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((e) => (
            <TableRow key={`${e.row}-${e.column}-${e.message}`} data-invalid-cell={`${e.row}:${e.column}`}>
              <TableCell className="text-right tabular-nums">{formatNumber(e.row)}</TableCell>
              <TableCell className="hidden sm:table-cell">
                <ColumnName name={e.column} />
              </TableCell>
              {/* On a phone the column goes above the message: three columns would hide the message's end. */}
              <TableCell className="whitespace-normal sm:min-w-48">
                <span className="mb-1 block sm:hidden">
                  <ColumnName name={e.column} />
                </span>
                {/* Said from its code in the reader's language; the server's English where the catalog lacks it. */}
                <span>{messageText(e)}</span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {errors.length > shown.length && (
        <p className="border-t p-2 text-xs text-muted-foreground">
          {t("imports.errors.more", { count: errors.length - shown.length })}
        </p>
      )}
    </div>
  );
}

/** The column's header as the import's template spells it: a spreadsheet's word, never translated. */
function ColumnName({ name }: { name: string }) {
  return (
    <span className="rounded bg-destructive/10 px-1.5 py-0.5 font-medium text-destructive">
      {name || "—"}
    </span>
  );
}
