import { useMemo } from "react";
import { AGE_BANDS } from "../../../../domain/aging";
import { AGING_DEFAULT_SORT, AGING_SORTS } from "../../../../domain/list-sorts";
import { AGE_BAND_NAMES } from "../../../../domain/report-constants";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { useT } from "../../../i18n";
import { formatLength } from "../../../lib/format";
import { useUrlSort } from "../../../lib/use-url-sort";
import { useMaterials } from "../../materials/api/list-materials";
import { useAgingPage, useAgingSummary } from "../api/aging";
import { REPORT_PAGE_SIZE } from "../api/fetch-page";
import { ExportButtons } from "../components/export-buttons";
import { FilterSelect, FiltersCard } from "../components/filters-card";
import { ResultsCard } from "../components/results-card";
import { distinctNames } from "../components/stock-filter-fields";
import { oneOf, useClampPage, useUrlFilters } from "../use-url-filters";
import { bandName, bandRange } from "./age-band";
import { AgingTable } from "./aging-table";

const KEYS = ["type", "ageGroup"] as const;

/** /reports/inventory-aging: yards per age band, and the batches with stock, oldest first. */
export function AgingScreen() {
  const { t, lengthUnit } = useT();
  const bandOptions = AGE_BANDS.map((b) => ({
    value: b.name,
    label: `${bandName(b.name)} (${bandRange(b)})`,
  }));
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
      <PageHeader title={t("reports.aging.title")} description={t("reports.aging.description")} />
      <div className="flex flex-col gap-6">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {AGE_BANDS.map((band) => (
            <StatCard
              key={band.name}
              title={bandName(band.name)}
              // The unit goes to the caption: "1,200.25" fits half a phone's width, with "yards" it wraps.
              value={formatLength(summary.data?.[band.name] ?? 0)}
              caption={t("reports.aging.caption", { unit: lengthUnit, range: bandRange(band) })}
              loading={summary.isPending}
            />
          ))}
        </div>
        <FiltersCard
          title={t("reports.filters.title")}
          activeCount={state.activeCount}
          canReset={state.active}
          onReset={state.reset}
          className="lg:grid-cols-4"
        >
          <FilterSelect
            id="aging-type"
            label={t("reports.filter.materialType")}
            value={filters.type}
            allValue="all_types"
            allLabel={t("reports.filter.allTypes")}
            options={types}
            onChange={(v) => setFilter("type", v)}
          />
          <FilterSelect
            id="aging-age-group"
            label={t("reports.aging.ageGroup")}
            value={filters.ageGroup}
            allValue="all_ages"
            allLabel={t("reports.aging.allAges")}
            options={bandOptions}
            onChange={(v) => setFilter("ageGroup", v)}
          />
        </FiltersCard>
        <ResultsCard
          title={t("reports.aging.results")}
          description={t("reports.aging.resultsDescription")}
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
