import { Badge } from "../../components/ui/badge";
import { useT } from "../../i18n";
import { formatLengthWithUnit, formatTimestampDate } from "../../lib/format";
import { useMyEntries } from "./counts-api";

/** What this clerk counted last, newest first: a roll counted again shows once, as counted last. */
export function MyEntries({ id }: { id: number }) {
  const { t } = useT();
  const entries = useMyEntries(id);
  if (!entries.data || entries.data.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="my-entries">
      <h2 id="my-entries" className="mb-2 text-lg font-semibold">
        {t("counts.counting.mine")}
      </h2>
      <ul className="divide-y rounded-lg border">
        {entries.data.map((entry) => (
          <li key={entry.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="min-w-0">
              {entry.rollCode && <span className="mr-2 font-mono">{entry.rollCode}</span>}
              {entry.kind !== "expected" && <Badge variant="outline">{t(`counts.kind.${entry.kind}`)}</Badge>}
              <span className="block text-xs text-muted-foreground">
                {formatTimestampDate(entry.countedAt)}
              </span>
            </span>
            <span className="tabular-nums font-medium">{formatLengthWithUnit(entry.countedYards)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
