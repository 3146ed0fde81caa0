import { ArrowLeftIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import type { CostCorrectionResult } from "../../../domain/cost-correction";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { translateMessage, useT } from "../../i18n";
import { ApiError, errorMessage } from "../../lib/api-client";
import { useMoney } from "../../lib/money";
import { useCan } from "../auth/current-user";
import { rollIdsOf } from "../labels/rolls-for-labels";
import { useTransaction } from "../transactions/api/get-transaction";
import { usePostCosts, useReceiptRolls } from "./api/receipt-costs";
import { type CostFormValues, type CostRoll, linesOf, previewOf, toCostPayload } from "./cost-form-model";
import { CostResult } from "./cost-result";
import { CostRollsTable } from "./cost-rolls-table";

/** The server's field problems in the user's language ("items.0.unitCost: ..."), by roll. */
function rollIssues(error: unknown, rolls: readonly number[]): Map<number, string> {
  const issues = new Map<number, string>();
  if (!(error instanceof ApiError)) return issues;
  for (const issue of error.issues) {
    const index = /^items\.(\d+)/.exec(issue.path)?.[1];
    const rollId = index === undefined ? undefined : rolls[Number(index)];
    if (rollId !== undefined) issues.set(rollId, translateMessage(issue.message));
  }
  return issues;
}

/**
 * /transactions/{id}/costs (CONTRACT.md section 16, admins): the receipt's rolls with their costs
 * now; new unit costs per roll or per line and a landed cost spread by yards or value; the typed
 * totals before saving and the correction the server posted after.
 */
export function CostsScreen({ id }: { id: number | null }) {
  const { t } = useT();
  const admin = useCan("admin");
  const detail = useTransaction(admin ? id : null);
  const rollIds = useMemo(() => rollIdsOf(detail.data?.details ?? []), [detail.data]);
  const rolls = useReceiptRolls(rollIds);
  const number = detail.data?.header.transactionNumber ?? "";
  const back = id === null ? "/transactions" : `/transactions/${id}`;

  let body: React.ReactNode;
  if (!admin) body = <p className="text-sm text-muted-foreground">{t("costs.adminOnly")}</p>;
  else if (detail.isError || rolls.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(detail.error ?? rolls.error)}
      </p>
    );
  else if (detail.isPending || (rollIds.length > 0 && rolls.isPending))
    body = <Skeleton className="h-64 w-full rounded-xl" aria-label={t("common.loading")} />;
  else if (id !== null) body = <CostsForm receiptId={id} rolls={rolls.data ?? []} />;

  return (
    <>
      <PageHeader
        title={number ? t("costs.titleOf", { number }) : t("costs.title")}
        description={t("costs.description")}
        actions={
          <Button variant="outline" asChild>
            <Link href={back}>
              <ArrowLeftIcon aria-hidden="true" />
              {t("costs.back")}
            </Link>
          </Button>
        }
      />
      {body}
    </>
  );
}

function CostsForm({ receiptId, rolls }: { receiptId: number; rolls: CostRoll[] }) {
  const { t, lengthUnit } = useT();
  const money = useMoney();
  const lines = useMemo(() => linesOf(rolls), [rolls]);
  const [values, setValues] = useState<CostFormValues>({ costs: {}, landedAmount: "", spreadBy: "yards" });
  const [problem, setProblem] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<CostCorrectionResult | null>(null);
  const save = usePostCosts();
  const payload = toCostPayload(values, rolls, lengthUnit);
  const preview = "items" in payload ? previewOf(payload, rolls) : null;
  const edit = (next: Partial<CostFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setProblem(null);
    setInvalid(new Set());
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!("items" in payload)) {
      if ("rollId" in payload) {
        setInvalid(new Set([payload.rollId]));
        setProblem(t("costs.problem.costFormat"));
      } else setProblem(t("landed" in payload ? "costs.problem.landedFormat" : "costs.problem.nothing"));
      return;
    }
    save.mutate(
      { id: receiptId, body: payload },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setValues({ costs: {}, landedAmount: "", spreadBy: values.spreadBy });
        },
        onError: (error) => {
          const issues = rollIssues(
            error,
            payload.items.map((i) => i.rollId),
          );
          setInvalid(new Set(issues.keys()));
          setProblem([errorMessage(error), ...new Set(issues.values())].join(" "));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {result ? <CostResult result={result} /> : null}
      <form className="flex flex-col gap-6" noValidate onSubmit={submit}>
        <Card>
          <CardHeader>
            <CardTitle>{t("costs.rollsTitle")}</CardTitle>
            <CardDescription>{t("costs.rollsHint", { unit: lengthUnit })}</CardDescription>
          </CardHeader>
          <CardContent className="px-2 sm:px-5">
            <CostRollsTable
              lines={lines}
              costs={values.costs}
              newCosts={preview?.costs ?? null}
              invalid={invalid}
              onRollCost={(rollId, text) => edit({ costs: { ...values.costs, [rollId]: text } })}
              onLineCost={(line, text) =>
                edit({
                  costs: { ...values.costs, ...Object.fromEntries(line.rolls.map((r) => [r.id, text])) },
                })
              }
            />
          </CardContent>
        </Card>
        <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
          <Card>
            <CardHeader>
              <CardTitle>{t("costs.landed.title")}</CardTitle>
              <CardDescription>{t("costs.landed.hint")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid gap-2">
                <Label htmlFor="landed-amount">{t("costs.landed.amount")}</Label>
                <Input
                  id="landed-amount"
                  inputMode="decimal"
                  autoComplete="off"
                  className="text-right tabular-nums"
                  value={values.landedAmount}
                  onChange={(e) => edit({ landedAmount: e.target.value })}
                />
              </div>
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">{t("costs.landed.spreadBy")}</legend>
                {(["yards", "value"] as const).map((by) => (
                  <label key={by} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="spread-by"
                      value={by}
                      checked={values.spreadBy === by}
                      onChange={() => edit({ spreadBy: by })}
                      className="size-4 accent-primary"
                    />
                    {t(`costs.landed.by.${by}`, { unit: lengthUnit })}
                  </label>
                ))}
              </fieldset>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("costs.preview.title")}</CardTitle>
              <CardDescription>{t("costs.preview.hint")}</CardDescription>
            </CardHeader>
            <CardContent>
              {preview ? (
                <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
                  <dt className="text-muted-foreground">{t("costs.preview.before")}</dt>
                  <dd className="text-right">{money(preview.receivedBefore)}</dd>
                  <dt className="text-muted-foreground">{t("costs.preview.after")}</dt>
                  <dd className="text-right">{money(preview.receivedAfter)}</dd>
                  <dt className="text-muted-foreground">{t("costs.preview.change")}</dt>
                  <dd className="text-right font-semibold" data-testid="cost-preview-change">
                    {money(preview.receivedAfter - preview.receivedBefore, { signed: true })}
                  </dd>
                  <dt className="text-muted-foreground">{t("costs.preview.inStock")}</dt>
                  <dd className="text-right">{money(preview.inStockChange, { signed: true })}</dd>
                </dl>
              ) : (
                <p className="text-sm text-muted-foreground">{t("costs.preview.empty")}</p>
              )}
            </CardContent>
          </Card>
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("costs.saving") : t("costs.save")}
          </Button>
        </div>
      </form>
    </div>
  );
}
