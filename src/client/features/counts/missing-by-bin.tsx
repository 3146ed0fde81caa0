import type { CountReviewLine } from "../../../domain/count";
import { useT } from "../../i18n";

/** The rolls nobody counted, bin by bin: where to look before posting. */
export function MissingByBin({ lines }: { lines: CountReviewLine[] }) {
  const { t } = useT();
  const byBin = new Map<string, string[]>();
  for (const line of lines) {
    if (line.status !== "missing" || !line.rollCode) continue;
    const bin = line.bin ?? t("counts.noBin");
    byBin.set(bin, [...(byBin.get(bin) ?? []), line.rollCode]);
  }
  if (byBin.size === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="missing-by-bin">
      <h2 id="missing-by-bin" className="mb-2 text-lg font-semibold">
        {t("counts.review.missingByBin")}
      </h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {[...byBin].map(([bin, codes]) => (
          <div key={bin} className="rounded-md border p-3">
            <dt className="font-medium">{t("counts.review.binRolls", { bin, count: codes.length })}</dt>
            <dd className="mt-1 font-mono text-muted-foreground">{codes.join(", ")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
