import { AlertTriangleIcon, ShoppingCartIcon } from "lucide-react";
import { Link } from "wouter";
import { LOW_STOCK_DEFAULT_SORT, LOW_STOCK_SORTS } from "../../../../domain/list-sorts";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { Button } from "../../../components/ui/button";
import { useT } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { useUrlSort } from "../../../lib/use-url-sort";
import { useCan } from "../../auth/current-user";
import { useWarehouses } from "../../warehouses/api/list-warehouses";
import { REPORT_PAGE_SIZE } from "../api/fetch-page";
import { useLowStockPage } from "../api/low-stock";
import { ExportButtons } from "../components/export-buttons";
import { FilterSelect, FiltersCard } from "../components/filters-card";
import { ResultsCard } from "../components/results-card";
import { positiveInt, useClampPage, useUrlFilters } from "../use-url-filters";
import { LowStockTable } from "./low-stock-table";

const KEYS = ["warehouse"] as const;

/** /reports/low-stock: rows at 0 or at/below their threshold, by warehouse. */
export function LowStockScreen() {
  const { t, lengthUnit } = useT();
  const state = useUrlFilters(KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  const warehouse = positiveInt(values.warehouse);
  const warehouses = useWarehouses();
  const { sorting, query: sortQuery } = useUrlSort(LOW_STOCK_SORTS, LOW_STOCK_DEFAULT_SORT);
  const page = useLowStockPage(warehouse, pageIndex, sortQuery);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  const warehouseName = warehouses.data?.find((w) => w.id === warehouse)?.name;
  // Reorder (CONTRACT.md section 16): buying is for administrators.
  const canBuy = useCan("admin");

  return (
    <>
      <PageHeader
        title={t("reports.lowStock.title")}
        description={t("reports.lowStock.description")}
        actions={
          canBuy && (
            <Button asChild>
              <Link
                href={
                  warehouse ? `/purchase-orders/reorder?warehouse=${warehouse}` : "/purchase-orders/reorder"
                }
              >
                <ShoppingCartIcon aria-hidden="true" />
                {t("purchaseOrders.reorder.action")}
              </Link>
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-3">
          <StatCard
            title={t("reports.lowStock.items")}
            value={formatNumber(page.data?.total ?? 0)}
            caption={
              warehouseName
                ? t("reports.lowStock.inWarehouse", { warehouse: warehouseName })
                : t("reports.lowStock.inAll")
            }
            icon={AlertTriangleIcon}
            loading={page.isPending}
          />
          <div className="lg:col-span-2 *:h-full">
            <FiltersCard
              title={t("reports.lowStock.filter")}
              activeCount={state.activeCount}
              resetLabel={t("reports.lowStock.resetFilter")}
              canReset={state.active}
              onReset={state.reset}
            >
              <FilterSelect
                id="low-stock-warehouse"
                label={t("reports.filter.warehouse")}
                value={warehouse ? String(warehouse) : undefined}
                allValue="all_warehouses"
                allLabel={t("reports.filter.allWarehouses")}
                options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                onChange={(v) => setFilter("warehouse", v)}
              />
            </FiltersCard>
          </div>
        </div>
        <ResultsCard
          title={t("reports.lowStock.results")}
          description={t("reports.lowStock.resultsDescription", { unit: lengthUnit })}
          actions={<ExportButtons path="/api/reports/low-stock" query={{ warehouse, ...sortQuery }} />}
          result={page}
          pageSize={REPORT_PAGE_SIZE}
          onPageChange={setPage}
        >
          <LowStockTable rows={page.data?.rows} loading={page.isPending} sorting={sorting} />
        </ResultsCard>
      </div>
    </>
  );
}
