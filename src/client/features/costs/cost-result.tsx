import { CheckCircle2Icon } from "lucide-react";
import { Link } from "wouter";
import type { CostCorrectionResult } from "../../../domain/cost-correction";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useT } from "../../i18n";
import { formatDate } from "../../lib/format";
import { useMoney } from "../../lib/money";
import { typeLabel } from "../transactions/list/type-label";
import { costInUnit } from "./cost-form-model";

/** The change per movement type the value-only lines made, largest first. */
export function valueByType(result: CostCorrectionResult): { type: string; value: number }[] {
  const sums = new Map<string, number>();
  for (const line of result.valueLines) {
    sums.set(
      line.valueType,
      Math.round(((sums.get(line.valueType) ?? 0) + line.valueChange) * 10_000) / 10_000,
    );
  }
  return [...sums].map(([type, value]) => ({ type, value })).sort((a, b) => b.value - a.value);
}

/** What the server did: the correction's transaction (linked), the value it moved, the new costs. */
export function CostResult({ result }: { result: CostCorrectionResult }) {
  const { t, lengthUnit } = useT();
  const money = useMoney();
  const byType = valueByType(result);
  const total = Math.round(byType.reduce((sum, r) => sum + r.value, 0) * 10_000) / 10_000;
  return (
    <Card role="status" aria-labelledby="cost-result-title">
      <CardHeader>
        <CardTitle id="cost-result-title" className="flex items-center gap-2 text-base">
          <CheckCircle2Icon className="size-5 text-green-700" aria-hidden="true" />
          {t("costs.result.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>
          {t("costs.result.saved", { date: formatDate(result.transactionDate) })}{" "}
          <Link
            href={`/transactions/${result.transactionId}`}
            className="font-mono font-medium underline underline-offset-4"
          >
            {result.transactionNumber}
          </Link>
        </p>
        <dl className="grid gap-1 sm:grid-cols-[16rem_auto]">
          <dt className="text-muted-foreground">{t("costs.result.stockValue")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="cost-value-change">
            {money(total, { signed: true })}
          </dd>
          {byType.map((row) => (
            <div key={row.type} className="contents">
              <dt className="text-muted-foreground">
                {t("costs.result.ofType", { type: typeLabel(row.type) })}
              </dt>
              <dd className="tabular-nums">{money(row.value, { signed: true })}</dd>
            </div>
          ))}
          {result.landedCostApplied > 0 ? (
            <>
              <dt className="text-muted-foreground">{t("costs.result.landed")}</dt>
              <dd className="tabular-nums">{money(result.landedCostApplied)}</dd>
            </>
          ) : null}
        </dl>
        <ul className="grid gap-1">
          {result.rolls.map((roll) => (
            <li key={roll.rollId} className="tabular-nums">
              <span className="font-mono font-medium">{roll.rollCode}</span>{" "}
              {t("costs.result.rollCost", {
                from: money(costInUnit(roll.previousUnitCost, lengthUnit), { unitCost: true }),
                to: money(costInUnit(roll.unitCost, lengthUnit), { unitCost: true }),
                unit: lengthUnit,
              })}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
