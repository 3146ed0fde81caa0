import { TagIcon, XIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import { ROLL_DEFAULT_SORT, ROLL_SORTS } from "../../../../domain/list-sorts";
import { PageHeader } from "../../../components/page-header";
import { SearchField, useDebouncedFilter } from "../../../components/search-field";
import { Button } from "../../../components/ui/button";
import { useT } from "../../../i18n";
import { useUrlSort } from "../../../lib/use-url-sort";
import { labelsPath } from "../../labels/rolls-for-labels";
import { useMaterials } from "../../materials/api/list-materials";
import { REPORT_PAGE_SIZE } from "../../reports/api/fetch-page";
import { ExportButtons } from "../../reports/components/export-buttons";
import { FilterSelect, FiltersCard } from "../../reports/components/filters-card";
import { ResultsCard } from "../../reports/components/results-card";
import { StockFilterFields } from "../../reports/components/stock-filter-fields";
import { useClampPage, useUrlFilters } from "../../reports/use-url-filters";
import { ScanRollField } from "../../scan/scan-roll-field";
import { ROLLS_PATH, rollsQuery, useRollsPage } from "../api/list-rolls-page";
import { ROLL_FILTER_KEYS, ROLL_STATUS_OPTIONS, rollFilters } from "../roll-filters";
import { rollStatusText } from "./roll-status-badge";
import { type RollSelection, RollsTable } from "./rolls-table";

/** The rolls ticked for labels, across pages and filters, in the order ticked. */
function useRollSelection(): RollSelection & { ids: number[]; clear: () => void } {
  const [ids, setIds] = useState<number[]>([]);
  const selected = useMemo(() => new Set(ids), [ids]);
  return {
    ids,
    selected,
    toggle: (id, on) =>
      setIds((prev) => (on ? (prev.includes(id) ? prev : [...prev, id]) : prev.filter((x) => x !== id))),
    clear: () => setIds([]),
  };
}

/**
 * /inventory/rolls (CONTRACT.md section 8): every roll with its length, where it lies and what it
 * came in as; filters, code search, sort, paging and exports. Used Up rolls only when asked for.
 */
export function RollsScreen() {
  const { t, lengthUnit } = useT();
  const statusOptions = ROLL_STATUS_OPTIONS.map((s) => ({ value: s, label: rollStatusText(s) }));
  const state = useUrlFilters(ROLL_FILTER_KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  const filters = rollFilters(values);
  const { sorting, query: sortQuery } = useUrlSort(ROLL_SORTS, ROLL_DEFAULT_SORT);
  const [search, setSearch] = useDebouncedFilter(values.q, (v) => setFilter("q", v));
  const page = useRollsPage(filters, pageIndex, sortQuery);
  useClampPage(page.data, page.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  const materials = useMaterials();
  const selection = useRollSelection();
  const [, navigate] = useLocation();
  const colorCodes = useMemo(
    () => new Map((materials.data ?? []).map((m) => [m.id, m.colorCode] as const)),
    [materials.data],
  );

  return (
    <>
      <PageHeader
        title={t("rolls.title")}
        description={t("rolls.description")}
        actions={
          <ScanRollField
            label={t("rolls.scanRoll")}
            className="w-full sm:w-72"
            onRoll={(roll) => {
              navigate(`/inventory/rolls/${roll.id}`);
              return null;
            }}
          />
        }
      />
      <div className="flex flex-col gap-6">
        <FiltersCard
          title={t("rolls.filters.title")}
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
            placeholder={t("rolls.filters.searchPlaceholder")}
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
            label={t("rolls.table.status")}
            value={filters.status}
            allValue="all_but_used_up"
            allLabel={t("rolls.filters.allButUsedUp")}
            options={statusOptions}
            onChange={(v) => setFilter("status", v)}
          />
        </FiltersCard>
        <ResultsCard
          title={t("rolls.list.title")}
          description={t("rolls.list.description", { unit: lengthUnit })}
          actions={
            <div className="flex flex-wrap items-center gap-2">
              {selection.ids.length > 0 ? (
                <>
                  <Button asChild size="sm">
                    <Link href={labelsPath(selection.ids)}>
                      <TagIcon aria-hidden="true" />
                      {t("rolls.printLabels", { count: selection.ids.length })}
                    </Link>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={selection.clear}>
                    <XIcon aria-hidden="true" />
                    {t("rolls.clear")}
                  </Button>
                </>
              ) : null}
              <ExportButtons path={ROLLS_PATH} query={rollsQuery(filters, sortQuery)} />
            </div>
          }
          result={page}
          pageSize={REPORT_PAGE_SIZE}
          onPageChange={setPage}
        >
          <RollsTable
            rows={page.data?.rows}
            loading={page.isPending}
            sorting={sorting}
            colorCodes={colorCodes}
            selection={selection}
          />
        </ResultsCard>
      </div>
    </>
  );
}
