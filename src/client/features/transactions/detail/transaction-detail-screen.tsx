import { ArrowLeftIcon, FileQuestionIcon, PrinterIcon, TagsIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useT, type Values } from "../../../i18n";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatDate, formatTimestampDate } from "../../../lib/format";
import { CorrectionLinesTable } from "../../costs/correction-lines-table";
import { CostsButton } from "../../costs/costs-button";
import { labelsPath, rollIdsOf } from "../../labels/rolls-for-labels";
import { useTransaction } from "../api/get-transaction";
import { rowTypeLabel } from "../list/type-label";
import { StatusBadges } from "./reversal-status";
import { ReverseButton } from "./reverse-button";
import { TransactionItemsTable } from "./transaction-items-table";

const HISTORY = "/reports/transaction-history";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] items-baseline gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function TransactionLink({ id, number }: { id: number; number: string }) {
  return (
    <Link href={`/transactions/${id}`} className="font-mono whitespace-nowrap underline underline-offset-4">
      {number}
    </Link>
  );
}

/** The Related Information warehouse line: Transfer "source → destination", Receive "To: warehouse". */
function warehouseLine(header: TransactionDetail["header"], t: (key: string, values?: Values) => string) {
  if (header.transactionType === "Transfer") {
    const unknown = t("transactionList.detail.unknown");
    return `${header.sourceName ?? unknown} → ${header.destinationName ?? unknown}`;
  }
  if (!header.warehouseName) return null;
  return header.transactionType === "Receive"
    ? t("transactionList.detail.to", { warehouse: header.warehouseName })
    : header.warehouseName;
}

function Toolbar({ detail }: { detail?: TransactionDetail }) {
  const { t } = useT();
  const header = detail?.header;
  // A receive's rolls print as labels (CONTRACT.md section 9); a cost correction has no new rolls.
  const rolls =
    header?.transactionType === "Receive" && !header.corrects ? rollIdsOf(detail?.details ?? []) : [];
  return (
    <div
      className="flex flex-wrap gap-2 print:hidden"
      role="toolbar"
      aria-label={t("transactionList.detail.actions")}
    >
      <Button variant="outline" asChild>
        <Link href={HISTORY}>
          <ArrowLeftIcon aria-hidden="true" />
          {t("transactionList.detail.back")}
        </Link>
      </Button>
      <Button variant="outline" onClick={() => window.print()}>
        <PrinterIcon aria-hidden="true" />
        {t("transactionList.detail.print")}
      </Button>
      {rolls.length > 0 ? (
        <Button variant="outline" asChild>
          <Link href={labelsPath(rolls)}>
            <TagsIcon aria-hidden="true" />
            {t("labels.printRolls", { count: rolls.length })}
          </Link>
        </Button>
      ) : null}
      {header ? <CostsButton header={header} /> : null}
      {header ? <ReverseButton header={header} /> : null}
    </div>
  );
}

function DetailSkeleton() {
  const { t } = useT();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t("transactionList.detail.loading")}
      className="grid gap-6"
    >
      <div className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40 w-full rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-56 w-full rounded-xl" />
    </div>
  );
}

function NotFound() {
  const { t } = useT();
  return (
    <Card className="mx-auto mt-4 max-w-lg items-center px-6 py-10 text-center">
      <CardContent className="flex flex-col items-center gap-3">
        <FileQuestionIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{t("transactionList.detail.notFound")}</h2>
        <p className="text-sm text-muted-foreground">{t("transactionList.detail.notFoundText")}</p>
        <Button variant="outline" asChild>
          <Link href={HISTORY}>{t("transactionList.detail.backToHistory")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /transactions/{id}: header, related parties, notes and the ledger lines of one transaction. */
export function TransactionDetailScreen({ id }: { id: number | null }) {
  const { t } = useT();
  const query = useTransaction(id);
  const notFound =
    id === null ||
    (query.error instanceof ApiError && query.error.status === 404) ||
    (query.isSuccess && !query.data?.header);

  let body: React.ReactNode;
  if (id !== null && query.isPending) body = <DetailSkeleton />;
  else if (query.isError && !notFound) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
        <p className="text-destructive">{errorMessage(query.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t("common.tryAgain")}
        </Button>
      </div>
    );
  } else if (notFound || !query.data) body = <NotFound />;
  else body = <DetailBody detail={query.data} />;

  return (
    <>
      <PageHeader
        title={t("transactionList.detail.title")}
        actions={<Toolbar detail={query.data?.header ? query.data : undefined} />}
      />
      {body}
    </>
  );
}

function DetailBody({ detail }: { detail: TransactionDetail }) {
  const { t } = useT();
  const { header, details } = detail;
  const warehouse = warehouseLine(header, t);
  const related = [
    header.supplierName && (
      <Field key="s" label={t("transactionList.detail.supplier")}>
        {header.supplierName}
      </Field>
    ),
    warehouse && (
      <Field key="w" label={t("transactionList.detail.warehouse")}>
        {warehouse}
      </Field>
    ),
    header.referenceDocument && (
      <Field key="r" label={t("transactionList.detail.reference")}>
        {header.referenceDocument}
      </Field>
    ),
    // The count this posting came from (issue 37): back to its review.
    header.countSession && (
      <Field key="n" label={t("counts.detailField")}>
        <Link href={`/counts/${header.countSession.id}`} className="font-mono underline underline-offset-4">
          {header.countSession.number}
        </Link>
      </Field>
    ),
    // Costs that arrive later (CONTRACT.md section 16): the correction and its receipt link each other.
    header.corrects && (
      <Field key="k" label={t("costs.detail.corrects")}>
        <TransactionLink id={header.corrects.id} number={header.corrects.number} />
      </Field>
    ),
    header.costCorrections && (
      <Field key="kc" label={t("costs.detail.corrections")}>
        {header.costCorrections.map((c, i) => (
          <span key={c.id}>
            {i > 0 ? ", " : null}
            <TransactionLink id={c.id} number={c.number} />
          </span>
        ))}
      </Field>
    ),
    header.reasonCode && (
      <Field key="c" label={t("transactionList.detail.reason")}>
        {header.reasonCode}
      </Field>
    ),
  ].filter(Boolean);

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 md:grid-cols-3 [&>*]:min-w-0">
        <InfoCard title={t("transactionList.detail.information")}>
          <dl>
            <Field label={t("transactionList.detail.number")}>
              <span className="font-mono">{header.transactionNumber}</span>
            </Field>
            <Field label={t("transactionList.detail.type")}>
              {rowTypeLabel({ ...header, correctsNumber: header.corrects?.number })}
            </Field>
            <Field label={t("transactionList.detail.date")}>{formatDate(header.transactionDate)}</Field>
            <Field label={t("transactionList.detail.status")}>
              <StatusBadges header={header} />
            </Field>
            {header.reversalReason ? (
              <Field label={t("transactionList.detail.reversalReason")}>{header.reversalReason}</Field>
            ) : null}
            <Field label={t("transactionList.detail.recordedBy")}>
              {header.createdBy}, {formatTimestampDate(header.createdAt)}
            </Field>
          </dl>
        </InfoCard>
        <InfoCard title={t("transactionList.detail.related")}>
          {related.length > 0 ? (
            <dl>{related}</dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t("transactionList.detail.noRelated")}</p>
          )}
        </InfoCard>
        <InfoCard title={t("transactionList.detail.additional")}>
          {header.corrects ? (
            <p className="text-sm">{t("costs.detail.correctionNote")}</p>
          ) : header.notes ? (
            <p className="text-sm whitespace-pre-line break-words">{header.notes}</p>
          ) : (
            <p className="text-sm text-muted-foreground">{t("transactionList.detail.noNotes")}</p>
          )}
        </InfoCard>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("transactionList.detail.items")}</CardTitle>
        </CardHeader>
        <CardContent className="px-2 sm:px-5">
          {header.corrects ? (
            <CorrectionLinesTable lines={details} />
          ) : (
            <TransactionItemsTable lines={details} opname={header.transactionType === "Stock Opname"} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
