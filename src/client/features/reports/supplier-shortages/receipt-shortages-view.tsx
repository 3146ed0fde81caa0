import { FileTextIcon } from "lucide-react";
import { Link } from "wouter";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Button } from "../../../components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatDate, formatLength } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import { useCan } from "../../auth/current-user";
import { useReceiptShortagesPage } from "../../costs/api/shortage-claim";
import { REPORT_PAGE_SIZE } from "../api/fetch-page";
import { type ShortagePeriod, SUPPLIER_SHORTAGES_PATH } from "../api/supplier-shortages";
import { ExportButtons } from "../components/export-buttons";
import { PHONE_TIGHT } from "../components/material-cells";
import { ResultsCard } from "../components/results-card";
import { useClampPage } from "../use-url-filters";
import { formatPercent } from "./shortage-tables";

const COLUMNS = 8;
const shortClass = (yards: number) => cn("text-right tabular-nums", yards > 0 && "font-semibold");

/** Supplier Shortages by receipt (CONTRACT.md section 16): one row per delivery, each with its claim. */
export function ReceiptShortagesView({
  period,
  periodText,
  pageIndex,
  setPage,
}: {
  period: ShortagePeriod;
  periodText: string;
  pageIndex: number;
  setPage: (index: number) => void;
}) {
  const { t, lengthUnit } = useT();
  const page = useReceiptShortagesPage(period, pageIndex);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  const rows = page.data?.rows;
  const showValue = useCan("admin") && (!rows?.length || rows.some((r) => r.shortValue != null));
  const money = useMoney();
  const columns = COLUMNS + (showValue ? 1 : 0);
  const unit = { unit: lengthUnit };
  return (
    <ResultsCard
      title={t("costs.receipts.title")}
      description={t("costs.receipts.description", { period: periodText })}
      actions={<ExportButtons path={SUPPLIER_SHORTAGES_PATH} query={{ ...period, groupBy: "receipt" }} />}
      result={page}
      pageSize={REPORT_PAGE_SIZE}
      onPageChange={setPage}
    >
      <Table className={PHONE_TIGHT}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t("costs.column.receipt")}</TableHead>
            <TableHead className="hidden md:table-cell">{t("reports.column.supplier")}</TableHead>
            <TableHead className="hidden lg:table-cell">{t("costs.column.purchaseOrder")}</TableHead>
            <TableHead className="hidden text-right sm:table-cell">
              {t("reports.column.ticketUnit", unit)}
            </TableHead>
            <TableHead className="hidden text-right sm:table-cell">
              {t("reports.column.receivedUnit", unit)}
            </TableHead>
            <TableHead className="text-right">
              <span className="hidden sm:inline">{t("reports.column.shortUnit", unit)}</span>
              <span className="sm:hidden">{t("reports.column.short")}</span>
            </TableHead>
            <TableHead className="hidden text-right sm:table-cell">
              {t("reports.column.shortPercent")}
            </TableHead>
            {showValue && (
              <TableHead className="hidden text-right md:table-cell">
                {t("reports.column.shortValue")}
              </TableHead>
            )}
            <TableHead>
              <span className="sr-only">{t("costs.claim.action")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {page.isPending && <TableSkeletonRows rows={5} columns={columns} />}
          {!page.isPending && rows?.length === 0 && (
            <EmptyTableRow colSpan={columns}>{t("costs.receipts.empty")}</EmptyTableRow>
          )}
          {!page.isPending &&
            rows?.map((row) => (
              <TableRow key={row.transactionId}>
                <TableCell className="whitespace-normal">
                  <Link
                    href={`/transactions/${row.transactionId}`}
                    className="font-mono font-medium underline decoration-muted-foreground/50 underline-offset-2"
                  >
                    {row.transactionNumber}
                  </Link>
                  <span className="block text-xs text-muted-foreground">
                    {formatDate(row.transactionDate)}
                    <span className="md:hidden"> · {row.supplierName}</span>
                  </span>
                </TableCell>
                <TableCell className="hidden md:table-cell">{row.supplierName}</TableCell>
                <TableCell className="hidden font-mono lg:table-cell">
                  {row.purchaseOrderNumber ?? "—"}
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">
                  {formatLength(row.ticketYards)}
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">
                  {formatLength(row.receivedYards)}
                </TableCell>
                <TableCell className={shortClass(row.shortYards)}>
                  {formatLength(row.shortYards)}
                  <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                    {formatPercent(row.shortPercent)}
                  </span>
                  {showValue && row.shortValue != null && (
                    <span className="block text-xs font-normal text-muted-foreground md:hidden">
                      {money(row.shortValue)}
                    </span>
                  )}
                </TableCell>
                <TableCell className={cn("hidden sm:table-cell", shortClass(row.shortYards))}>
                  {formatPercent(row.shortPercent)}
                </TableCell>
                {showValue && (
                  <TableCell className={cn("hidden md:table-cell", shortClass(row.shortYards))}>
                    {row.shortValue == null ? "—" : money(row.shortValue)}
                  </TableCell>
                )}
                <TableCell className="text-right">
                  <Button variant="outline" size="sm" asChild>
                    <Link
                      href={`/reports/supplier-shortages/claims/${row.transactionId}`}
                      aria-label={t("costs.claim.open", { number: row.transactionNumber })}
                    >
                      <FileTextIcon aria-hidden="true" />
                      <span className="hidden sm:inline">{t("costs.claim.action")}</span>
                    </Link>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </ResultsCard>
  );
}
