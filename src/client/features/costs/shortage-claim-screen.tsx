import { ArrowLeftIcon, PrinterIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";
import type { ShortageClaim } from "../../../domain/shortage-claim";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useT } from "../../i18n";
import { ApiError, errorMessage } from "../../lib/api-client";
import { formatDate, formatLength, formatLongDate } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import { useShortageClaim } from "./api/shortage-claim";
import { costInUnit } from "./cost-form-model";

/** The unit cost column: left out on phones (the short value stays), always on paper. */
const wideOnly = "hidden sm:table-cell print:table-cell";

const BACK = "/reports/supplier-shortages?view=receipt";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground print:text-black">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/**
 * /reports/supplier-shortages/claims/{receiptId} (CONTRACT.md section 16): a delivery's claim to
 * its supplier, on screen as the page it prints; money only in an administrator's (the server
 * sends it only to them).
 */
export function ShortageClaimScreen({ id }: { id: number | null }) {
  const { t } = useT();
  const claim = useShortageClaim(id);
  let body: React.ReactNode;
  if (id === null || (claim.error instanceof ApiError && claim.error.status === 404))
    body = <p className="text-sm text-muted-foreground">{t("costs.claim.notFound")}</p>;
  else if (claim.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(claim.error)}
      </p>
    );
  else if (claim.isPending)
    body = <Skeleton className="h-96 w-full rounded-xl" aria-label={t("common.loading")} />;
  else body = <ClaimDocument claim={claim.data} />;
  return (
    <>
      <PageHeader
        className="print:hidden"
        title={
          claim.data
            ? t("costs.claim.titleOf", { number: claim.data.receipt.number })
            : t("costs.claim.title")
        }
        actions={
          <>
            <Button variant="outline" asChild>
              <Link href={BACK}>
                <ArrowLeftIcon aria-hidden="true" />
                {t("costs.claim.back")}
              </Link>
            </Button>
            <Button onClick={() => window.print()} disabled={!claim.data}>
              <PrinterIcon aria-hidden="true" />
              {t("costs.claim.print")}
            </Button>
          </>
        }
      />
      {body}
    </>
  );
}

function ClaimDocument({ claim }: { claim: ShortageClaim }) {
  const { t, lengthUnit } = useT();
  const unit = { unit: lengthUnit };
  const currency = claim.currency ?? "USD";
  const withMoney = claim.totals.shortValue !== undefined;
  const money = (amount: number, unitCost = false) => formatMoney(amount, currency, { unitCost });
  const none = t("costs.claim.none");
  return (
    <article
      aria-labelledby="claim-title"
      className="mx-auto w-full max-w-4xl rounded-xl border bg-card p-3 text-sm shadow-sm sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:justify-between print:flex-row print:justify-between">
        <div>
          <h2 id="claim-title" className="text-xl font-semibold">
            {t("costs.claim.title")}
          </h2>
          <p className="mt-3 text-muted-foreground print:text-black">{t("costs.claim.to")}</p>
          <p className="font-medium">{claim.supplier.name}</p>
          {claim.supplier.contactInfo ? (
            <p className="whitespace-pre-line">{claim.supplier.contactInfo}</p>
          ) : null}
        </div>
        <dl className="grid gap-1">
          <Fact label={t("costs.claim.receipt")}>
            <span className="font-mono">{claim.receipt.number}</span>
          </Fact>
          <Fact label={t("costs.claim.receivedOn")}>{formatDate(claim.receipt.date)}</Fact>
          <Fact label={t("costs.claim.warehouse")}>{claim.receipt.warehouseName}</Fact>
          <Fact label={t("costs.claim.reference")}>{claim.receipt.referenceDocument ?? none}</Fact>
          <Fact label={t("costs.claim.purchaseOrder")}>
            {claim.purchaseOrder ? (
              <span className="font-mono">
                {claim.purchaseOrder.number}
                {claim.purchaseOrder.reference ? ` · ${claim.purchaseOrder.reference}` : ""}
              </span>
            ) : (
              none
            )}
          </Fact>
        </dl>
      </header>
      <p className="mb-4">{t("costs.claim.intro")}</p>
      <div className="overflow-x-auto print:overflow-visible" data-testid="claim-rolls">
        <table className="w-full border-collapse text-xs tabular-nums sm:text-sm print:text-sm">
          <thead>
            <tr className="border-b text-left">
              <th className="py-2 pr-1 sm:pr-2 font-medium">{t("costs.column.roll")}</th>
              <th className="py-2 pr-1 sm:pr-2 font-medium">{t("costs.column.material")}</th>
              <th className="py-2 pr-1 sm:pr-2 text-right font-medium">
                {t("reports.column.ticketUnit", unit)}
              </th>
              <th className="py-2 pr-1 sm:pr-2 text-right font-medium">
                {t("reports.column.measuredUnit", unit)}
              </th>
              <th className="py-2 pr-1 sm:pr-2 text-right font-medium">
                {t("reports.column.shortUnit", unit)}
              </th>
              {withMoney ? (
                <>
                  <th className={`py-2 pr-1 sm:pr-2 text-right font-medium ${wideOnly}`}>
                    {t("costs.claim.unitCost", unit)}
                  </th>
                  <th className="py-2 text-right font-medium">{t("costs.claim.shortValue")}</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {claim.rolls.map((roll) => (
              <tr key={roll.rollId} className="border-b align-top break-inside-avoid">
                <td className="py-1.5 pr-1 sm:pr-2 font-mono">{roll.rollCode}</td>
                <td className="py-1.5 pr-2">
                  {roll.typeName} · {roll.colorName}
                  <span className="block font-mono text-xs text-muted-foreground print:text-black">
                    {roll.batch}
                  </span>
                </td>
                <td className="py-1.5 pr-1 sm:pr-2 text-right">
                  {roll.ticketYards === null ? t("costs.claim.noTicket") : formatLength(roll.ticketYards)}
                </td>
                <td className="py-1.5 pr-1 sm:pr-2 text-right">{formatLength(roll.receivedYards)}</td>
                <td className="py-1.5 pr-1 sm:pr-2 text-right font-medium">
                  {roll.shortYards === null ? none : formatLength(roll.shortYards)}
                </td>
                {withMoney ? (
                  <>
                    <td className={`py-1.5 pr-1 sm:pr-2 text-right ${wideOnly}`}>
                      {roll.unitCost === undefined
                        ? none
                        : money(costInUnit(roll.unitCost, lengthUnit), true)}
                    </td>
                    <td className="py-1.5 text-right">
                      {roll.shortValue == null ? none : money(roll.shortValue)}
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <td className="py-2 pr-2" colSpan={2}>
                {t("costs.claim.total")}
              </td>
              <td className="py-2 pr-1 sm:pr-2 text-right">{formatLength(claim.totals.ticketYards)}</td>
              <td className="py-2 pr-1 sm:pr-2 text-right">{formatLength(claim.totals.receivedYards)}</td>
              <td className="py-2 pr-1 sm:pr-2 text-right" data-testid="claim-short-total">
                {formatLength(claim.totals.shortYards)}
              </td>
              {withMoney ? (
                <>
                  <td className={wideOnly} />
                  <td className="py-2 text-right" data-testid="claim-value-total">
                    {money(claim.totals.shortValue ?? 0)}
                  </td>
                </>
              ) : null}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mt-6 text-xs text-muted-foreground print:text-black">
        {t("costs.claim.printed", { date: formatLongDate(new Date()) })}
      </p>
    </article>
  );
}
