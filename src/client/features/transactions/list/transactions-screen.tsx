import { useEffect } from "react";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useCan } from "../../auth/current-user";
import { TRANSACTIONS_PAGE_SIZE, useTransactionsPage } from "../api/list-transactions";
import { NewTransactionMenu } from "./new-transaction-menu";
import { Pagination } from "./pagination";
import { TransactionFilters } from "./transaction-filters";
import { TransactionsTable } from "./transactions-table";
import { useListFilters } from "./use-list-filters";

/** /transactions: filters, one page of the history at a time (server-side paging), New Transaction. */
export function TransactionsScreen() {
  const { t } = useT();
  const canRecord = useCan("record");
  const state = useListFilters();
  const { filters, sortQuery, pageIndex, setPage } = state;
  const page = useTransactionsPage({ ...filters, ...sortQuery }, pageIndex);
  const total = page.data?.total ?? 0;

  // A page past the end (the filters now match fewer rows): show the last one instead.
  const lastIndex = Math.max(0, Math.ceil(total / TRANSACTIONS_PAGE_SIZE) - 1);
  const pastEnd = !page.isPlaceholderData && page.data !== undefined && pageIndex > lastIndex;
  useEffect(() => {
    if (pastEnd) setPage(lastIndex);
  }, [pastEnd, lastIndex, setPage]);

  return (
    <>
      <PageHeader
        title={t("transactionList.title")}
        description={t("transactionList.description")}
        actions={canRecord && <NewTransactionMenu />}
      />
      <div className="flex flex-col gap-6">
        <TransactionFilters state={state} />
        <Card>
          <CardHeader>
            <CardTitle>{t("transactionList.historyTitle")}</CardTitle>
            <CardDescription>{t("transactionList.historyDescription")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4 px-2 sm:px-5">
            {page.isError ? (
              <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
                <p className="text-destructive">{errorMessage(page.error)}</p>
                <Button variant="outline" size="sm" onClick={() => void page.refetch()}>
                  {t("common.tryAgain")}
                </Button>
              </div>
            ) : (
              <>
                <div
                  aria-busy={page.isFetching}
                  className={cn("transition-opacity", page.isPlaceholderData && "opacity-60")}
                >
                  <TransactionsTable
                    rows={page.data?.rows}
                    loading={page.isPending}
                    sorting={state.sorting}
                  />
                </div>
                {page.data && (
                  <Pagination
                    // The page on screen: while the next one loads, the previous one stays (and its range).
                    pageIndex={Math.floor(page.data.offset / TRANSACTIONS_PAGE_SIZE)}
                    pageSize={TRANSACTIONS_PAGE_SIZE}
                    total={total}
                    onPageChange={setPage}
                    busy={page.isPlaceholderData}
                  />
                )}
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
