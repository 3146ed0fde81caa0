import { AlertTriangleIcon, PackageIcon } from "lucide-react";
import { STOCK_DEFAULT_SORT, STOCK_SORTS } from "../../../../domain/list-sorts";
import { PageHeader } from "../../../components/page-header";
import { SearchField, useDebouncedFilter } from "../../../components/search-field";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { useT } from "../../../i18n";
import { formatDate } from "../../../lib/format";
import { useUrlSort } from "../../../lib/use-url-sort";
import { REPORT_PAGE_SIZE } from "../../reports/api/fetch-page";
import { AsOfField, AsOfNote } from "../../reports/components/as-of-field";
import { ExportButtons } from "../../reports/components/export-buttons";
import { FiltersCard } from "../../reports/components/filters-card";
import { ResultsCard } from "../../reports/components/results-card";
import { StockFilterFields } from "../../reports/components/stock-filter-fields";
import { StockRowsTable } from "../../reports/components/stock-rows-table";
import { useClampPage, useUrlFilters } from "../../reports/use-url-filters";
import { stockLevelsQuery, useStockLevelsPage } from "../api/list-stock-page";
import { INVENTORY_FILTER_KEYS, inventoryFilters } from "../inventory-filters";

const KEYS = INVENTORY_FILTER_KEYS;

/** /inventory: the Stock Filters card and one page of stock levels at a time. */
export function InventoryScreen() {
  const { t } = useT();
  const state = useUrlFilters(KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  const filters = inventoryFilters(values);
  const { sorting, query: sortQuery } = useUrlSort(STOCK_SORTS, STOCK_DEFAULT_SORT);
  const [search, setSearch] = useDebouncedFilter(values.q, (v) => setFilter("q", v));
  const page = useStockLevelsPage(filters, pageIndex, sortQuery);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  const lowOnly = filters.lowStock === true;

  return (
    <>
      <PageHeader title={t("inventory.title")} description={t("inventory.description")} />
      <div className="flex flex-col gap-6">
        <FiltersCard
          title={t("inventory.filters")}
          activeCount={state.activeCount}
          canReset={state.active || search !== ""}
          onReset={() => {
            setSearch("");
            state.reset();
          }}
          className="lg:grid-cols-5"
        >
          <SearchField
            id="stock-q"
            value={search}
            onChange={setSearch}
            placeholder={t("inventory.searchPlaceholder")}
            className="sm:col-span-2 lg:col-span-5"
          />
          <StockFilterFields filters={filters} setFilter={setFilter} idPrefix="stock" />
          <Button
            variant={lowOnly ? "default" : "outline"}
            aria-pressed={lowOnly}
            onClick={() => setFilter("lowStock", !lowOnly)}
            className="w-full sm:col-span-2 lg:col-span-1"
          >
            {lowOnly ? <AlertTriangleIcon aria-hidden="true" /> : <PackageIcon aria-hidden="true" />}
            {lowOnly ? t("inventory.lowOnly") : t("inventory.allStock")}
          </Button>
          <AsOfField id="stock-as-of" value={filters.asOf} onChange={(v) => setFilter("asOf", v)} />
          {/* Used-up batches (0 yards) are left out unless asked for (CONTRACT.md section 3). */}
          <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-4 lg:h-9">
            <Switch
              id="stock-include-empty"
              checked={filters.includeEmpty === true}
              onCheckedChange={(on) => setFilter("includeEmpty", on)}
            />
            <Label htmlFor="stock-include-empty">{t("inventory.includeEmpty")}</Label>
          </div>
        </FiltersCard>
        <AsOfNote asOf={filters.asOf} onClear={() => setFilter("asOf", undefined)} />
        <ResultsCard
          title={t("inventory.levels")}
          description={
            filters.asOf
              ? t("inventory.levelsAsOf", { date: formatDate(filters.asOf) })
              : t("inventory.levelsNow")
          }
          actions={<ExportButtons path="/api/stock-levels" query={stockLevelsQuery(filters, sortQuery)} />}
          result={page}
          pageSize={REPORT_PAGE_SIZE}
          onPageChange={setPage}
        >
          <StockRowsTable
            rows={page.data?.rows}
            loading={page.isPending}
            showLastUpdated
            showStockCard
            showValue
            sorting={sorting}
          />
        </ResultsCard>
      </div>
    </>
  );
}
