import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { formatDate, formatLengthWithUnit, formatSignedLength, lengthUnitSymbol } from "../../../lib/format";
import { usePurchaseOrderReceipts } from "../api/po-queries";

/** The deliveries received against the order (and their reversals), each a link to its transaction. */
export function PurchaseOrderReceiptsCard({ orderId }: { orderId: number }) {
  const { t } = useT();
  const receipts = usePurchaseOrderReceipts(orderId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("purchaseOrders.receipts.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {receipts.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(receipts.error)}
          </p>
        ) : !receipts.data ? (
          <Skeleton className="h-12 w-full" />
        ) : receipts.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("purchaseOrders.receipts.none")}</p>
        ) : (
          <ul aria-label={t("purchaseOrders.receipts.title")} className="divide-y text-sm">
            {receipts.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span>
                  <Link href={`/transactions/${r.id}`} className="font-mono underline underline-offset-4">
                    {r.transactionNumber}
                  </Link>
                  <span className="ml-2 text-muted-foreground">{formatDate(r.transactionDate)}</span>
                  {r.isReversal ? (
                    <span className="ml-2 text-muted-foreground">
                      {t("purchaseOrders.receipts.reversal")}
                    </span>
                  ) : null}
                </span>
                <span className="tabular-nums">
                  {r.isReversal
                    ? `${formatSignedLength(r.yards)} ${lengthUnitSymbol()}`
                    : formatLengthWithUnit(r.yards)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
