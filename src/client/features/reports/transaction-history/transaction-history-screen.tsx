import { COST_CORRECTION_KIND, COST_CORRECTION_TYPE } from "../../../../domain/cost-correction-kind";
import { KIND_INFO, TRANSACTION_KINDS } from "../../../../domain/transaction-kinds";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { useT } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { useTransactionCounts } from "../../transactions/api/count-transactions";
import { TRANSACTIONS_PAGE_SIZE, useTransactionsPage } from "../../transactions/api/list-transactions";
import { TransactionFilters } from "../../transactions/list/transaction-filters";
import { TransactionsTable } from "../../transactions/list/transactions-table";
import { useListFilters } from "../../transactions/list/use-list-filters";
import { ExportButtons } from "../components/export-buttons";
import { ResultsCard } from "../components/results-card";
import { useClampPage } from "../use-url-filters";
import { KIND_ICONS } from "./kind-icons";

/**
 * /reports/transaction-history: a count per type (from the server, with the filters), the
 * transactions list's filters without the end date, and its table with the Reference column.
 */
export function TransactionHistoryScreen() {
  const { t } = useT();
  const state = useListFilters();
  const { pageIndex, setPage } = state;
  // The report has no end date; one left in a hand-made URL is ignored rather than hidden.
  const { endDate: _ignored, ...filters } = state.filters;
  const page = useTransactionsPage({ ...filters, ...state.sortQuery }, pageIndex);
  const counts = useTransactionCounts(filters);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, TRANSACTIONS_PAGE_SIZE, setPage);

  return (
    <>
      <PageHeader title={t("transactionList.historyTitle")} description={t("reports.history.description")} />
      <div className="flex flex-col gap-6">
        <section
          aria-label={t("reports.history.perType")}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-7"
        >
          {[...TRANSACTION_KINDS, COST_CORRECTION_KIND].map((kind) => {
            const type = kind === COST_CORRECTION_KIND ? COST_CORRECTION_TYPE : KIND_INFO[kind].type;
            return (
              <StatCard
                key={kind}
                title={t(`common.kind.${kind}.label`)}
                value={formatNumber(counts.data?.[type] ?? 0)}
                caption={t("reports.history.caption")}
                icon={KIND_ICONS[kind]}
                loading={counts.isPending}
              />
            );
          })}
        </section>
        <TransactionFilters state={state} showEndDate={false} />
        <ResultsCard
          title={t("transactionList.title")}
          description={t("reports.history.newestFirst")}
          actions={<ExportButtons path="/api/transactions" query={{ ...filters, ...state.sortQuery }} />}
          result={page}
          pageSize={TRANSACTIONS_PAGE_SIZE}
          onPageChange={setPage}
        >
          <TransactionsTable
            rows={page.data?.rows}
            loading={page.isPending}
            showReference
            sorting={state.sorting}
          />
        </ResultsCard>
      </div>
    </>
  );
}
