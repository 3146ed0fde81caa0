import type { CountReview } from "../../../domain/count";
import { StatCard } from "../../components/stat-card";
import { useT } from "../../i18n";
import { formatLengthWithUnit, formatSignedLength } from "../../lib/format";
import { useMoney } from "../../lib/money";

/** The session's totals; expected and variance only where the server shows them, value for admins. */
export function ReviewTotals({ totals }: { totals: CountReview["totals"] }) {
  const { t, lengthUnit } = useT();
  const money = useMoney();
  return (
    // One card a row on phones: a whole warehouse's yards and money did not fit half a 390 px screen.
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title={t("counts.review.expected")}
        value={
          totals.expectedYards == null
            ? t("counts.review.hidden")
            : formatLengthWithUnit(totals.expectedYards)
        }
      />
      <StatCard title={t("counts.review.counted")} value={formatLengthWithUnit(totals.countedYards)} />
      <StatCard
        title={t("counts.review.variance")}
        value={
          totals.varianceYards == null
            ? t("counts.review.hidden")
            : `${formatSignedLength(totals.varianceYards)} ${lengthUnit}`
        }
      />
      {totals.varianceValue !== undefined && (
        <StatCard
          title={t("counts.review.varianceValue")}
          value={money(totals.varianceValue, { signed: true })}
        />
      )}
    </div>
  );
}
