import { CheckCircle2Icon } from "lucide-react";
import { Link } from "wouter";
import { useT } from "../../i18n";
import { messageText } from "../../lib/coded-message";
import { formatNumber } from "../../lib/format";
import type { ImportResult } from "./import-api";

/** Before the import: how many rows were read, what will happen, what the file says that was not read. */
export function PreviewSummary({ preview }: { preview: ImportResult }) {
  const { t } = useT();
  return (
    <div className="space-y-2 text-sm">
      <p role="status" className={preview.errors.length > 0 ? "font-medium text-destructive" : "font-medium"}>
        {preview.errors.length > 0
          ? t("imports.preview.withErrors", { rows: preview.rows, errors: preview.errors.length })
          : t("imports.preview.ready", { rows: preview.rows })}
      </p>
      {preview.errors.length === 0 && <Counts result={preview} future />}
      {preview.warningDetails.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-amber-800">
          {preview.warningDetails.map((w) => (
            <li key={w.message}>{messageText(w)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** After the import: the counts and, for opening rolls, the opnames posted. */
export function ImportOutcome({ result }: { result: ImportResult }) {
  const { t } = useT();
  return (
    <section
      // On a phone the result is below the fold: bring it up when it arrives.
      ref={(el) => el?.scrollIntoView({ block: "nearest", behavior: "smooth" })}
      aria-label={t("imports.done.title")}
      className="space-y-3 rounded-md border border-emerald-600/40 bg-emerald-50 p-4 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-emerald-900">
        <CheckCircle2Icon aria-hidden="true" className="size-5 shrink-0" />
        {t("imports.done.title")}
      </p>
      <Counts result={result} />
      {result.transactionIds.length > 0 && (
        <div className="space-y-1">
          <p>{t("imports.done.opnames", { count: result.transactionIds.length })}</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {result.transactionIds.map((id) => (
              <li key={id}>
                <Link href={`/transactions/${id}`} className="font-medium text-primary underline">
                  {t("imports.done.opname", { id })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Counts({ result, future = false }: { result: ImportResult; future?: boolean }) {
  const { t } = useT();
  const parts = [
    ["created", result.created],
    ["updated", result.updated],
    ["unchanged", result.unchanged],
  ] as const;
  return (
    <dl className="grid max-w-md grid-cols-3 gap-2">
      {parts.map(([what, n]) => (
        <div key={what} className="rounded-md border bg-background p-2">
          <dt className="text-xs text-muted-foreground">
            {t(future ? `imports.count.${what}.future` : `imports.count.${what}.done`)}
          </dt>
          <dd className="text-lg font-semibold tabular-nums">{formatNumber(n)}</dd>
        </div>
      ))}
    </dl>
  );
}
