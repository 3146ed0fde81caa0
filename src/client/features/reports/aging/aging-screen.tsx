import { useMemo } from "react";
import { AGE_BANDS } from "../../../../domain/aging";
import { AGING_DEFAULT_SORT, AGING_SORTS } from "../../../../domain/list-sorts";
import { AGE_BAND_NAMES } from "../../../../domain/report-constants";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { formatYards } from "../../../lib/format";
import { useUrlSort } from "../../../lib/use-url-sort";
import { useMaterials } from "../../materials/api/list-materials";
import { useAgingPage, useAgingSummary } from "../api/aging";
import { REPORT_PAGE_SIZE } from "../api/fetch-page";
import { ExportButtons } from "../components/export-buttons";
import { FilterSelect, FiltersCard } from "../components/filters-card";
import { ResultsCard } from "../components/results-card";
import { distinctNames } from "../components/stock-filter-fields";
import { oneOf, useClampPage, useUrlFilters } from "../use-url-filters";
import { bandRange } from "./age-band";
import { AgingTable } from "./aging-table";

const KEYS = ["type", "ageGroup"] as const;
const BAND_OPTIONS = AGE_BANDS.map((b) => ({ value: b.name, label: `${b.name} (${bandRange(b)})` }));

/** /reports/inventory-aging: yards per age band, and the batches with stock, oldest first. */
export function AgingScreen() {
  const state = useUrlFilters(KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  const filters = { type: values.type, ageGroup: oneOf(AGE_BAND_NAMES, values.ageGroup) };
  const materials = useMaterials();
  const types = useMemo(() => distinctNames((materials.data ?? []).map((m) => m.typeName)), [materials.data]);
  // The cards follow the type filter; the age group only narrows the table.
  const summary = useAgingSummary(filters.type);
  const { sorting, query: sortQuery } = useUrlSort(AGING_SORTS, AGING_DEFAULT_SORT);
  const page = useAgingPage(filters, pageIndex, sortQuery);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);

  return (
    <>
      <PageHeader title="Inventory Aging Report" description="How long stock has been on hand, by batch." />
      <div className="flex flex-col gap-6">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {AGE_BANDS.map((band) => (
            <StatCard
              key={band.name}
              title={band.name}
              // The unit goes to the caption: "1,200.25" fits half a phone's width, with "yards" it wraps.
              value={formatYards(summary.data?.[band.name] ?? 0)}
              caption={`yards, ${bandRange(band)}`}
              loading={summary.isPending}
            />
          ))}
        </div>
        <FiltersCard
          title="Report Filters"
          activeCount={state.activeCount}
          canReset={state.active}
          onReset={state.reset}
          className="lg:grid-cols-4"
        >
          <FilterSelect
            id="aging-type"
            label="Material Type"
            value={filters.type}
            allValue="all_types"
            allLabel="All Types"
            options={types}
            onChange={(v) => setFilter("type", v)}
          />
          <FilterSelect
            id="aging-age-group"
            label="Age Group"
            value={filters.ageGroup}
            allValue="all_ages"
            allLabel="All Ages"
            options={BAND_OPTIONS}
            onChange={(v) => setFilter("ageGroup", v)}
          />
        </FiltersCard>
        <ResultsCard
          title="Inventory Age"
          description="Each batch with stock, summed over warehouses, oldest first"
          actions={<ExportButtons path="/api/reports/aging" query={{ ...filters, ...sortQuery }} />}
          result={page}
          pageSize={REPORT_PAGE_SIZE}
          onPageChange={setPage}
        >
          <AgingTable rows={page.data?.rows} loading={page.isPending} sorting={sorting} />
        </ResultsCard>
      </div>
    </>
  );
}
