import { AlertTriangleIcon, PackageIcon } from "lucide-react";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { REPORT_PAGE_SIZE } from "../../reports/api/fetch-page";
import { ExportButtons } from "../../reports/components/export-buttons";
import { FiltersCard } from "../../reports/components/filters-card";
import { ResultsCard } from "../../reports/components/results-card";
import { StockFilterFields } from "../../reports/components/stock-filter-fields";
import { StockRowsTable } from "../../reports/components/stock-rows-table";
import { positiveInt, useClampPage, useUrlFilters } from "../../reports/use-url-filters";
import type { StockLevelFilters } from "../../stock/api/list-stock-levels";
import { stockLevelsQuery, useStockLevelsPage } from "../api/list-stock-page";

const KEYS = ["type", "color", "batch", "warehouse", "lowStock"] as const;

/** /inventory: the Stock Filters card and one page of stock levels at a time. */
export function InventoryScreen() {
  const state = useUrlFilters(KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  const filters: StockLevelFilters = {
    type: values.type,
    color: values.color,
    batch: values.batch,
    warehouse: positiveInt(values.warehouse),
    lowStock: values.lowStock === "true",
  };
  const page = useStockLevelsPage(filters, pageIndex);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  const lowOnly = filters.lowStock === true;

  return (
    <>
      <PageHeader title="Inventory Status" description="Stock on hand by material, batch and warehouse." />
      <div className="flex flex-col gap-6">
        <FiltersCard
          title="Stock Filters"
          canReset={state.active}
          onReset={state.reset}
          className="lg:grid-cols-5"
        >
          <StockFilterFields filters={filters} setFilter={setFilter} idPrefix="stock" />
          <Button
            variant={lowOnly ? "default" : "outline"}
            aria-pressed={lowOnly}
            onClick={() => setFilter("lowStock", !lowOnly)}
            className="w-full sm:col-span-2 lg:col-span-1"
          >
            {lowOnly ? <AlertTriangleIcon aria-hidden="true" /> : <PackageIcon aria-hidden="true" />}
            {lowOnly ? "Showing Low Stock Only" : "Show All Stock"}
          </Button>
        </FiltersCard>
        <ResultsCard
          title="Stock Levels"
          description="Current inventory levels of all fabric materials"
          actions={<ExportButtons path="/api/stock-levels" query={stockLevelsQuery(filters)} />}
          result={page}
          pageSize={REPORT_PAGE_SIZE}
          onPageChange={setPage}
        >
          <StockRowsTable rows={page.data?.rows} loading={page.isPending} showLastUpdated />
        </ResultsCard>
      </div>
    </>
  );
}
