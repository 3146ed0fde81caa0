import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon } from "lucide-react";
import { SUPPLIER_SHORTAGE_DEFAULT_SORT, SUPPLIER_SHORTAGE_SORTS } from "../../../../domain/list-sorts";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { DatePicker } from "../../../components/ui/date-picker";
import { t, useT } from "../../../i18n";
import { formatDate, toIsoDate } from "../../../lib/format";
import { useUrlSort } from "../../../lib/use-url-sort";
import { suppliersQueryOptions } from "../../suppliers/api/list-suppliers";
import { REPORT_PAGE_SIZE } from "../api/fetch-page";
import {
  type ShortagePeriod,
  SUPPLIER_SHORTAGES_PATH,
  useSupplierShortageRollsPage,
  useSupplierShortagesPage,
} from "../api/supplier-shortages";
import { ExportButtons } from "../components/export-buttons";
import { FilterField, FiltersCard } from "../components/filters-card";
import { ResultsCard } from "../components/results-card";
import { positiveInt, useClampPage, useUrlFilters } from "../use-url-filters";
import { ReceiptShortagesView } from "./receipt-shortages-view";
import { ShortageRollsTable, SupplierShortagesTable } from "./shortage-tables";

const KEYS = ["startDate", "endDate", "supplier", "view"] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (text: string | undefined) => (text && ISO_DATE.test(text) ? text : undefined);

/** "received Mar 01, 2024 – Mar 31, 2024", "received from Mar 01, 2024", "received at any time". */
function periodText(period: ShortagePeriod): string {
  const from = period.startDate && formatDate(period.startDate);
  const to = period.endDate && formatDate(period.endDate);
  if (from && to) return t("reports.shortages.period.between", { from, to });
  if (from) return t("reports.shortages.period.from", { from });
  if (to) return t("reports.shortages.period.upTo", { to });
  return t("reports.shortages.period.any");
}

/** The supplier rows of the period; a supplier's name opens its rolls. */
function SuppliersView({
  period,
  pageIndex,
  setPage,
  onOpen,
}: {
  period: ShortagePeriod;
  pageIndex: number;
  setPage: (index: number) => void;
  onOpen: (supplierId: number) => void;
}) {
  const { t } = useT();
  const { sorting, query: sortQuery } = useUrlSort(SUPPLIER_SHORTAGE_SORTS, SUPPLIER_SHORTAGE_DEFAULT_SORT);
  const page = useSupplierShortagesPage(period, pageIndex, sortQuery);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  return (
    <ResultsCard
      title={t("reports.shortages.bySupplier")}
      description={t("reports.shortages.bySupplierDescription", { period: periodText(period) })}
      actions={<ExportButtons path={SUPPLIER_SHORTAGES_PATH} query={{ ...period, ...sortQuery }} />}
      result={page}
      pageSize={REPORT_PAGE_SIZE}
      onPageChange={setPage}
    >
      <SupplierShortagesTable
        rows={page.data?.rows}
        loading={page.isPending}
        sorting={sorting}
        onOpen={(row) => onOpen(row.supplierId)}
      />
    </ResultsCard>
  );
}

/** The drill-down: one supplier's rolls of the period, ticket against measured. */
function SupplierRollsView({
  supplier,
  period,
  pageIndex,
  setPage,
  onBack,
}: {
  supplier: number;
  period: ShortagePeriod;
  pageIndex: number;
  setPage: (index: number) => void;
  onBack: () => void;
}) {
  const { t } = useT();
  const page = useSupplierShortageRollsPage(supplier, period, pageIndex);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  // Archived suppliers too: their rolls stay in the report.
  const suppliers = useQuery(suppliersQueryOptions({ includeArchived: true }));
  const name = suppliers.data?.find((s) => s.id === supplier)?.name ?? t("reports.column.supplier");
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="outline" size="sm" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          {t("reports.shortages.allSuppliers")}
        </Button>
      </div>
      <ResultsCard
        title={t("reports.shortages.rollsFrom", { name })}
        description={t("reports.shortages.rollsDescription", { period: periodText(period) })}
        actions={<ExportButtons path={SUPPLIER_SHORTAGES_PATH} query={{ ...period, supplier }} />}
        result={page}
        pageSize={REPORT_PAGE_SIZE}
        onPageChange={setPage}
      >
        <ShortageRollsTable rows={page.data?.rows} loading={page.isPending} />
      </ResultsCard>
    </div>
  );
}

/**
 * /reports/supplier-shortages (CONTRACT.md section 8): per supplier, how much shorter the measured
 * rolls were than their tickets said, over a period; a supplier opens its rolls.
 */
export function SupplierShortagesScreen() {
  const { t } = useT();
  const state = useUrlFilters(KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  const typed: ShortagePeriod = { startDate: isoDate(values.startDate), endDate: isoDate(values.endDate) };
  // Days after the end cannot be picked as the start, nor before it as the end; an address typed with
  // the end first is read with the two swapped rather than answered with the server's 400.
  const backwards =
    typed.startDate !== undefined && typed.endDate !== undefined && typed.endDate < typed.startDate;
  const period: ShortagePeriod = backwards ? { startDate: typed.endDate, endDate: typed.startDate } : typed;
  const supplier = positiveInt(values.supplier);
  const dateCount = [period.startDate, period.endDate].filter(Boolean).length;

  return (
    <>
      <PageHeader title={t("reports.shortages.title")} description={t("reports.shortages.description")} />
      <div className="flex flex-col gap-6">
        <FiltersCard
          title={t("reports.filters.title")}
          description={t("reports.shortages.filtersDescription")}
          activeCount={dateCount}
          canReset={dateCount > 0}
          onReset={() => {
            setFilter("startDate", undefined);
            setFilter("endDate", undefined);
          }}
          className="lg:grid-cols-4"
        >
          <FilterField id="shortages-start" label={t("reports.filter.startDate")}>
            <DatePicker
              id="shortages-start"
              value={period.startDate}
              onChange={(v) => setFilter("startDate", v)}
              isDisabledDay={(d) => period.endDate !== undefined && toIsoDate(d) > period.endDate}
            />
          </FilterField>
          <FilterField id="shortages-end" label={t("reports.filter.endDate")}>
            <DatePicker
              id="shortages-end"
              value={period.endDate}
              onChange={(v) => setFilter("endDate", v)}
              isDisabledDay={(d) => period.startDate !== undefined && toIsoDate(d) < period.startDate}
            />
          </FilterField>
        </FiltersCard>
        {/* By supplier, or by receipt with a claim per delivery (CONTRACT.md section 16). */}
        <fieldset aria-label={t("costs.viewLabel")} className="flex gap-2">
          {(["supplier", "receipt"] as const).map((view) => {
            const pressed = (values.view === "receipt" ? "receipt" : "supplier") === view;
            return (
              <Button
                key={view}
                size="sm"
                variant={pressed ? "default" : "outline"}
                aria-pressed={pressed}
                onClick={() => {
                  setFilter("supplier", undefined);
                  setFilter("view", view === "receipt" ? view : undefined);
                }}
              >
                {t(view === "receipt" ? "costs.byReceipt" : "costs.bySupplier")}
              </Button>
            );
          })}
        </fieldset>
        {values.view === "receipt" ? (
          <ReceiptShortagesView
            period={period}
            periodText={periodText(period)}
            pageIndex={pageIndex}
            setPage={setPage}
          />
        ) : supplier === undefined ? (
          <SuppliersView
            period={period}
            pageIndex={pageIndex}
            setPage={setPage}
            onOpen={(id) => setFilter("supplier", id)}
          />
        ) : (
          <SupplierRollsView
            supplier={supplier}
            period={period}
            pageIndex={pageIndex}
            setPage={setPage}
            onBack={() => setFilter("supplier", undefined)}
          />
        )}
      </div>
    </>
  );
}
