import { useMemo } from "react";
import { ROLL_DEFAULT_SORT, ROLL_SORTS } from "../../../../domain/list-sorts";
import { PageHeader } from "../../../components/page-header";
import { SearchField, useDebouncedFilter } from "../../../components/search-field";
import { useUrlSort } from "../../../lib/use-url-sort";
import { useMaterials } from "../../materials/api/list-materials";
import { REPORT_PAGE_SIZE } from "../../reports/api/fetch-page";
import { ExportButtons } from "../../reports/components/export-buttons";
import { FilterSelect, FiltersCard } from "../../reports/components/filters-card";
import { ResultsCard } from "../../reports/components/results-card";
import { StockFilterFields } from "../../reports/components/stock-filter-fields";
import { useClampPage, useUrlFilters } from "../../reports/use-url-filters";
import { ROLLS_PATH, rollsQuery, useRollsPage } from "../api/list-rolls-page";
import { ROLL_FILTER_KEYS, ROLL_STATUS_OPTIONS, rollFilters } from "../roll-filters";
import { RollsTable } from "./rolls-table";

const STATUS_OPTIONS = ROLL_STATUS_OPTIONS.map((s) => ({ value: s, label: s }));

/**
 * /inventory/rolls (CONTRACT.md section 8): every roll with its length, where it lies and what it
 * came in as; filters, code search, sort, paging and exports. Used Up rolls only when asked for.
 */
export function RollsScreen() {
  const state = useUrlFilters(ROLL_FILTER_KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  const filters = rollFilters(values);
  const { sorting, query: sortQuery } = useUrlSort(ROLL_SORTS, ROLL_DEFAULT_SORT);
  const [search, setSearch] = useDebouncedFilter(values.q, (v) => setFilter("q", v));
  const page = useRollsPage(filters, pageIndex, sortQuery);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  const materials = useMaterials();
  const colorCodes = useMemo(
    () => new Map((materials.data ?? []).map((m) => [m.id, m.colorCode] as const)),
    [materials.data],
  );

  return (
    <>
      <PageHeader
        title="Rolls"
        description="Every roll of fabric: its length now, where it lies and what it came in as."
      />
      <div className="flex flex-col gap-6">
        <FiltersCard
          title="Roll Filters"
          activeCount={state.activeCount}
          canReset={state.active || search !== ""}
          onReset={() => {
            setSearch("");
            state.reset();
          }}
          className="lg:grid-cols-5"
        >
          <SearchField
            id="rolls-q"
            value={search}
            onChange={setSearch}
            placeholder="Roll code (R000123), type, color, batch or bin"
            className="sm:col-span-2 lg:col-span-5"
          />
          <StockFilterFields
            // Used Up rolls' batches are offered when they are shown.
            filters={{ ...filters, includeEmpty: filters.status === "Used Up" }}
            setFilter={setFilter}
            idPrefix="rolls"
          />
          <FilterSelect
            id="rolls-status"
            label="Status"
            value={filters.status}
            allValue="all_but_used_up"
            allLabel="All but Used Up"
            options={STATUS_OPTIONS}
            onChange={(v) => setFilter("status", v)}
          />
        </FiltersCard>
        <ResultsCard
          title="Roll List"
          description="Newest code first unless sorted; lengths in yards"
          actions={<ExportButtons path={ROLLS_PATH} query={rollsQuery(filters, sortQuery)} />}
          result={page}
          pageSize={REPORT_PAGE_SIZE}
          onPageChange={setPage}
        >
          <RollsTable
            rows={page.data?.rows}
            loading={page.isPending}
            sorting={sorting}
            colorCodes={colorCodes}
          />
        </ResultsCard>
      </div>
    </>
  );
}
