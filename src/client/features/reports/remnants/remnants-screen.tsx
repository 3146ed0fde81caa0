import { ScissorsIcon } from "lucide-react";
import { useMemo } from "react";
import { ROLL_DEFAULT_SORT, ROLL_SORTS } from "../../../../domain/list-sorts";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
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
      <PageHeader
        title="Remnants"
        description="Rolls shorter than their material's remnant limit: the pieces to sell or use first."
      />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-3">
          <StatCard
            title="Remnant Rolls"
            value={(page.data?.total ?? 0).toLocaleString("en-US")}
            caption={warehouseName ? `in ${warehouseName}` : "in all warehouses"}
            icon={ScissorsIcon}
            loading={page.isPending}
          />
          <div className="lg:col-span-2 *:h-full">
            <FiltersCard
              title="Report Filters"
              activeCount={state.activeCount}
              canReset={state.active}
              onReset={state.reset}
              className="lg:grid-cols-3"
            >
              <FilterSelect
                id="remnants-warehouse"
                label="Warehouse"
                value={filters.warehouse ? String(filters.warehouse) : undefined}
                allValue="all_warehouses"
                allLabel="All Warehouses"
                options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                onChange={(v) => setFilter("warehouse", v)}
              />
              <FilterSelect
                id="remnants-type"
                label="Material Type"
                value={filters.type}
                allValue="all_types"
                allLabel="All Types"
                options={types}
                onChange={(v) => setFilter("type", v)}
              />
              <FilterSelect
                id="remnants-color"
                label="Color"
                value={filters.color}
                allValue="all_colors"
                allLabel="All Colors"
                options={colors}
                onChange={(v) => setFilter("color", v)}
              />
            </FiltersCard>
          </div>
        </div>
        <ResultsCard
          title="Remnant Rolls"
          description="Rolls longer than 0 and shorter than their material's Remnant below (yards), newest first"
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
