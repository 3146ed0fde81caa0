import { LayersIcon } from "lucide-react";
import {
  GROUP_DEFAULT_SORT,
  GROUP_SORTS,
  STOCK_DEFAULT_SORT,
  STOCK_SORTS,
} from "../../../../domain/list-sorts";
import { STOCK_GROUP_BYS } from "../../../../domain/report-constants";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { useT } from "../../../i18n";
import { formatDate } from "../../../lib/format";
import { useUrlSort } from "../../../lib/use-url-sort";
import type { StockLevelFilters } from "../../stock/api/stock-level-filters";
import { REPORT_PAGE_SIZE } from "../api/fetch-page";
import { stockStatusQuery, useStockStatusGroups, useStockStatusRows } from "../api/stock-status";
import { AsOfField, AsOfNote } from "../components/as-of-field";
import { ExportButtons } from "../components/export-buttons";
import { FilterSelect, FiltersCard } from "../components/filters-card";
import { ResultsCard } from "../components/results-card";
import { StockFilterFields } from "../components/stock-filter-fields";
import { StockRowsTable } from "../components/stock-rows-table";
import { YardsValue } from "../components/yards-value";
import { isoDateOrUndefined, oneOf, positiveInt, useClampPage, useUrlFilters } from "../use-url-filters";
import { StockGroupsTable } from "./stock-groups-table";

const KEYS = ["type", "color", "batch", "warehouse", "groupBy", "asOf"] as const;

/**
 * /reports/stock-status: the stock rows (or their groups) with the filters; Total Inventory is the
 * server's sum over every matching row (X-Total-Yards), not a sum of the page on screen.
 */
export function StockStatusScreen() {
  const { t, lengthUnit } = useT();
  const groupOptions = STOCK_GROUP_BYS.map((g) => ({ value: g, label: t(`reports.groupBy.${g}`) }));
  const state = useUrlFilters(KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  const filters: StockLevelFilters = {
    type: values.type,
    color: values.color,
    batch: values.batch,
    warehouse: positiveInt(values.warehouse),
    asOf: isoDateOrUndefined(values.asOf),
  };
  const groupBy = oneOf(STOCK_GROUP_BYS, values.groupBy);
  // Rows and groups sort by different columns; a column of the other view is ignored.
  const rowSort = useUrlSort(STOCK_SORTS, STOCK_DEFAULT_SORT);
  const groupSort = useUrlSort(GROUP_SORTS, GROUP_DEFAULT_SORT);
  const sortQuery = groupBy ? groupSort.query : rowSort.query;
  const rows = useStockStatusRows(filters, pageIndex, groupBy === undefined, rowSort.query);
  const groups = useStockStatusGroups(filters, groupBy, pageIndex, groupSort.query);
  const result = groupBy ? groups : rows;
  useClampPage(result.data, result.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  const totalYards = result.data?.totalYards ?? 0;

  return (
    <>
      <PageHeader title={t("reports.stockStatus.title")} description={t("reports.stockStatus.description")} />
      <div className="flex flex-col gap-6">
        <FiltersCard
          title={t("reports.filters.title")}
          activeCount={state.activeCount}
          canReset={state.active}
          onReset={state.reset}
          className="lg:grid-cols-5"
        >
          <StockFilterFields filters={filters} setFilter={setFilter} idPrefix="report" />
          <FilterSelect
            id="report-group-by"
            label={t("reports.filter.groupBy")}
            value={groupBy}
            allValue="none"
            allLabel={t("reports.filter.noGrouping")}
            options={groupOptions}
            onChange={(v) => setFilter("groupBy", v)}
          />
          <AsOfField id="report-as-of" value={filters.asOf} onChange={(v) => setFilter("asOf", v)} />
        </FiltersCard>
        <AsOfNote asOf={filters.asOf} onClear={() => setFilter("asOf", undefined)} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <StatCard
            title={t("reports.stockStatus.total")}
            value={<YardsValue yards={totalYards} />}
            caption={
              filters.asOf
                ? t("reports.stockStatus.totalAsOf", { date: formatDate(filters.asOf) })
                : t("reports.stockStatus.totalNow")
            }
            icon={LayersIcon}
            loading={result.isPending}
          />
        </div>
        <ResultsCard
          title={groupBy ? t(`reports.stockStatus.by.${groupBy}`) : t("reports.stockStatus.results")}
          description={
            groupBy
              ? t("reports.stockStatus.groupsDescription", { unit: lengthUnit })
              : t("reports.stockStatus.rowsDescription", { unit: lengthUnit })
          }
          actions={
            <ExportButtons
              path="/api/reports/stock-status"
              query={stockStatusQuery(filters, groupBy, sortQuery)}
            />
          }
          result={result}
          pageSize={REPORT_PAGE_SIZE}
          onPageChange={setPage}
        >
          {groupBy ? (
            <StockGroupsTable
              groupBy={groupBy}
              groups={groups.data?.rows}
              loading={groups.isPending}
              sorting={groupSort.sorting}
            />
          ) : (
            <StockRowsTable
              rows={rows.data?.rows}
              loading={rows.isPending}
              sorting={rowSort.sorting}
              showStockCard
            />
          )}
        </ResultsCard>
      </div>
    </>
  );
}
