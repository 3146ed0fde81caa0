import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { useT } from "../../i18n";
import { messageText } from "../../lib/coded-message";
import { formatNumber } from "../../lib/format";
import type { ImportRowError, SheetSample } from "./import-api";

/**
 * The file's rows as the server read them (the first ones, then those in error), each cell in error
 * marked in place with its message, so the admin sees where to look in their own sheet.
 */
export function ImportSample({
  sample,
  errors,
  rows,
}: {
  sample: SheetSample;
  errors: readonly ImportRowError[];
  rows: number;
}) {
  const { t } = useT();
  const messages = new Map<string, string[]>();
  for (const e of errors) {
    const key = `${e.row}:${e.column}`;
    messages.set(key, [...(messages.get(key) ?? []), messageText(e)]);
  }
  const rowsInError = new Set(errors.map((e) => e.row));
  return (
    <div className="space-y-1.5">
      <p className="text-xs text-muted-foreground">
        {t("imports.sample.caption", { shown: sample.rows.length, rows })}
      </p>
      <div className="max-h-96 overflow-auto rounded-md border">
        <Table aria-label={t("imports.sample.table")}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-14 text-right">{t("imports.errors.row")}</TableHead>
              {sample.header.map((name, i) => (
                <TableHead
                  // Columns are positions in the file: two may carry the same header.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the column's place is its identity
                  key={i}
                  className={sample.fields[i] === null ? "text-muted-foreground/60" : undefined}
                >
                  {name}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sample.rows.map((r) => (
              <TableRow key={r.row} className={rowsInError.has(r.row) ? "bg-destructive/5" : undefined}>
                <TableCell className="text-right tabular-nums text-muted-foreground">
                  {formatNumber(r.row)}
                </TableCell>
                {r.cells.map((text, i) => {
                  const field = sample.fields[i];
                  const said = field === null ? undefined : messages.get(`${r.row}:${field}`);
                  return (
                    <TableCell
                      // biome-ignore lint/suspicious/noArrayIndexKey: the column's place is its identity
                      key={i}
                      data-sample-invalid={said ? `${r.row}:${field}` : undefined}
                      aria-invalid={said ? true : undefined}
                      title={said?.join(" ")}
                      className={
                        said
                          ? "bg-destructive/10 font-medium text-destructive ring-1 ring-destructive/60 ring-inset"
                          : field === null
                            ? "text-muted-foreground/60"
                            : undefined
                      }
                    >
                      {text === "" && said ? "—" : text}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
