import { ScissorsIcon } from "lucide-react";
import { useMemo } from "react";
import { ROLL_DEFAULT_SORT, ROLL_SORTS } from "../../../../domain/list-sorts";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { useT } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { useUrlSort } from "../../../lib/use-url-sort";
import { useMaterials } from "../../materials/api/list-materials";
import { useWarehouses } from "../../warehouses/api/list-warehouses";
import { REPORT_PAGE_SIZE } from "../api/fetch-page";
import { REMNANTS_PATH, useRemnantsPage } from "../api/remnants";
import { ExportButtons } from "../components/export-buttons";
import { FilterSelect, FiltersCard } from "../components/filters-card";
import { ResultsCard } from "../components/results-card";
import { distinctNames } from "../components/stock-filter-fields";
import { positiveInt, useClampPage, useUrlFilters } from "../use-url-filters";
import { RemnantsTable } from "./remnants-table";

const KEYS = ["warehouse", "type", "color"] as const;

/**
 * /reports/remnants: rolls shorter than their material's remnant limit (CONTRACT.md section 8),
 * the pieces to sell or use up first, by warehouse, type and color.
 */
export function RemnantsScreen() {
  const { t, lengthUnit } = useT();
  const state = useUrlFilters(KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  const filters = { warehouse: positiveInt(values.warehouse), type: values.type, color: values.color };
  const materials = useMaterials();
  const warehouses = useWarehouses();
  const types = useMemo(() => distinctNames((materials.data ?? []).map((m) => m.typeName)), [materials.data]);
  const colors = useMemo(
    () => distinctNames((materials.data ?? []).map((m) => m.colorName)),
    [materials.data],
  );
  const { sorting, query: sortQuery } = useUrlSort(ROLL_SORTS, ROLL_DEFAULT_SORT);
  const page = useRemnantsPage(filters, pageIndex, sortQuery);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  const warehouseName = warehouses.data?.find((w) => w.id === filters.warehouse)?.name;

  return (
    <>
      <PageHeader title={t("reports.remnants.title")} description={t("reports.remnants.description")} />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-3">
          <StatCard
            title={t("reports.remnants.rolls")}
            value={formatNumber(page.data?.total ?? 0)}
            caption={
              warehouseName
                ? t("reports.lowStock.inWarehouse", { warehouse: warehouseName })
                : t("reports.lowStock.inAll")
            }
            icon={ScissorsIcon}
            loading={page.isPending}
          />
          <div className="lg:col-span-2 *:h-full">
            <FiltersCard
              title={t("reports.filters.title")}
              activeCount={state.activeCount}
              canReset={state.active}
              onReset={state.reset}
              className="lg:grid-cols-3"
            >
              <FilterSelect
                id="remnants-warehouse"
                label={t("reports.filter.warehouse")}
                value={filters.warehouse ? String(filters.warehouse) : undefined}
                allValue="all_warehouses"
                allLabel={t("reports.filter.allWarehouses")}
                options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                onChange={(v) => setFilter("warehouse", v)}
              />
              <FilterSelect
                id="remnants-type"
                label={t("reports.filter.materialType")}
                value={filters.type}
                allValue="all_types"
                allLabel={t("reports.filter.allTypes")}
                options={types}
                onChange={(v) => setFilter("type", v)}
              />
              <FilterSelect
                id="remnants-color"
                label={t("reports.filter.color")}
                value={filters.color}
                allValue="all_colors"
                allLabel={t("reports.filter.allColors")}
                options={colors}
                onChange={(v) => setFilter("color", v)}
              />
            </FiltersCard>
          </div>
        </div>
        <ResultsCard
          title={t("reports.remnants.rolls")}
          description={t("reports.remnants.resultsDescription", { unit: lengthUnit })}
          actions={<ExportButtons path={REMNANTS_PATH} query={{ ...filters, ...sortQuery }} />}
          result={page}
          pageSize={REPORT_PAGE_SIZE}
          onPageChange={setPage}
        >
          <RemnantsTable rows={page.data?.rows} loading={page.isPending} sorting={sorting} />
        </ResultsCard>
      </div>
    </>
  );
}
