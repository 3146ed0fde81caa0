import { PrinterIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { COUNT_LINE_STATUSES, type CountLineStatus } from "../../../domain/count";
import { PageHeader } from "../../components/page-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useT } from "../../i18n";
import { useCan } from "../auth/current-user";
import { CloseCountActions } from "./close-count-actions";
import { CountSheetPrint } from "./count-sheet-print";
import { useCount, useReview, useSheet } from "./counts-api";
import { MissingByBin } from "./missing-by-bin";
import { ReviewTable } from "./review-table";
import { ReviewTotals } from "./review-totals";
import { SimpleSelect } from "./simple-select";

const ALL = "all";

/** The review of a count (CONTRACT.md section 14): expected against counted, filters, Post or Cancel. */
export function ReviewScreen({ id }: { id: number }) {
  const { t } = useT();
  const canRecord = useCan("record");
  const count = useCount(id);
  const session = count.data;
  const [status, setStatus] = useState(ALL);
  const [bin, setBin] = useState(ALL);
  const review = useReview(id, {
    status: status === ALL ? undefined : (status as CountLineStatus),
    bin: bin === ALL ? undefined : bin,
  });
  const sheet = useSheet(id, true);
  // Rolls with no bin cannot be picked: the server reads an empty bin filter as none.
  const bins = (sheet.data?.bins ?? []).flatMap((b) => (b.bin === null ? [] : [b.bin]));
  const open = session?.status === "Open";

  return (
    <div>
      <div className="print:hidden">
        <PageHeader
          title={session ? t("counts.review.title", { number: session.number }) : t("counts.title")}
          description={
            session && (
              <span className="flex flex-wrap items-center gap-2">
                {session.warehouseName}
                <Badge variant={open ? "default" : "secondary"}>{t(`counts.status.${session.status}`)}</Badge>
                {session.blind && <Badge variant="outline">{t("counts.review.blind")}</Badge>}
              </span>
            )
          }
          actions={
            <>
              {open && canRecord && (
                <Button asChild>
                  <Link href={`/counts/${id}/count`}>{t("counts.review.count")}</Link>
                </Button>
              )}
              <Button variant="outline" onClick={() => window.print()}>
                <PrinterIcon aria-hidden="true" />
                {t("counts.review.printSheet")}
              </Button>
              {open && canRecord && <CloseCountActions id={id} />}
            </>
          }
        />
        {session && !open && session.transactionIds.length > 0 && (
          <p className="mb-4 flex flex-wrap gap-x-3 text-sm">
            {t("counts.review.postedAs")}
            {session.transactionIds.map((txId) => (
              <Link
                key={txId}
                href={`/transactions/${txId}`}
                className="font-medium underline underline-offset-4"
              >
                {t("counts.review.transaction", { id: txId })}
              </Link>
            ))}
          </p>
        )}
        {review.data && <ReviewTotals totals={review.data.totals} />}
        <div className="my-4 grid grid-cols-2 gap-3 sm:max-w-md">
          <SimpleSelect
            label={t("counts.review.status")}
            value={status}
            onChange={setStatus}
            options={[
              { value: ALL, label: t("counts.review.allStatuses") },
              ...COUNT_LINE_STATUSES.map((s) => ({ value: s, label: t(`counts.line.${s}`) })),
            ]}
          />
          <SimpleSelect
            label={t("counts.review.bin")}
            value={bin}
            onChange={setBin}
            options={[
              { value: ALL, label: t("counts.review.allBins") },
              ...bins.map((b) => ({ value: b, label: b })),
            ]}
          />
        </div>
        <ReviewTable id={id} lines={review.data?.lines} canRecount={open && canRecord} />
        <MissingByBin lines={review.data?.lines ?? []} />
      </div>
      {sheet.data && <CountSheetPrint sheet={sheet.data} />}
    </div>
  );
}
