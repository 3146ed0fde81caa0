import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { translateMessage, useT } from "../../i18n";
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
            <TableHead className="w-32">{t("imports.errors.column")}</TableHead>
            <TableHead>{t("imports.errors.message")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((e) => (
            <TableRow key={`${e.row}-${e.column}-${e.message}`} data-invalid-cell={`${e.row}:${e.column}`}>
              <TableCell className="text-right tabular-nums">{formatNumber(e.row)}</TableCell>
              <TableCell>
                <span className="rounded bg-destructive/10 px-1.5 py-0.5 font-medium text-destructive">
                  {e.column || "—"}
                </span>
              </TableCell>
              {/* The server's English sentence; the forms' own translation when the catalog has it. */}
              <TableCell className="min-w-48 whitespace-normal">{translateMessage(e.message)}</TableCell>
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
