import { useQuery } from "@tanstack/react-query";
import { CoinsIcon } from "lucide-react";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { useT } from "../../../i18n";
import { formatDate, formatLength } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import { materialsQueryOptions } from "../../materials/api/list-materials";
import {
  STOCK_VALUE_GROUPS,
  STOCK_VALUE_PATH,
  type StockValueGroupBy,
  type StockValueQuery,
  useStockValue,
} from "../api/stock-value";
import { AsOfField, AsOfNote } from "../components/as-of-field";
import { ExportButtons } from "../components/export-buttons";
import { FiltersCard } from "../components/filters-card";
import { ResultsCard } from "../components/results-card";
import { isoDateOrUndefined, oneOf, useUrlFilters } from "../use-url-filters";
import { GroupBySelect } from "./group-by-select";
import { ValueTable, valueTotals } from "./value-table";

const KEYS = ["groupBy", "asOf"] as const;
const DEFAULT_GROUP: StockValueGroupBy = "warehouse";

/**
 * /reports/stock-value (issue 17, CONTRACT.md section 11): what the fabric in stock is worth at
 * the cost it was received at, by warehouse, material, type or batch, now or at the end of a day.
 * Administrators only (the route guards it; the server answers 403 to others).
 */
export function StockValueScreen() {
  const { t, lengthUnit } = useT();
  const groupLabels = Object.fromEntries(
    STOCK_VALUE_GROUPS.map((g) => [g, t(`reports.stockValue.group.${g}`)]),
  ) as Record<StockValueGroupBy, string>;
  const state = useUrlFilters(KEYS);
  const { values, setFilter } = state;
  const query: StockValueQuery = {
    groupBy: oneOf(STOCK_VALUE_GROUPS, values.groupBy) ?? DEFAULT_GROUP,
    asOf: isoDateOrUndefined(values.asOf),
  };
  const money = useMoney();
  const result = useStockValue(query);
  // By batch: each batch's material under it (the rows name it by id; archived ones may hold stock).
  const materials = useQuery({
    ...materialsQueryOptions({ includeArchived: true }),
    enabled: query.groupBy === "batch",
  });
  const materialName = (id: number | null | undefined) => {
    const m = materials.data?.find((x) => x.id === id);
    return m ? `${m.typeName} / ${m.colorName}` : undefined;
  };
  const totals = valueTotals(result.data ?? []);
  const when = query.asOf
    ? t("reports.stockValue.atEnd", { date: formatDate(query.asOf) })
    : t("reports.stockValue.now");

  return (
    <>
      <PageHeader title={t("reports.stockValue.title")} description={t("reports.stockValue.description")} />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-3">
          <StatCard
            title={t("reports.stockValue.title")}
            value={money(totals.valueAmount)}
            caption={t("reports.stockValue.caption", {
              length: formatLength(totals.totalYards),
              unit: lengthUnit,
              when,
            })}
            icon={CoinsIcon}
            loading={result.isPending}
          />
          <div className="lg:col-span-2 *:h-full">
            <FiltersCard
              title={t("reports.filters.title")}
              activeCount={state.activeCount}
              canReset={state.active}
              onReset={state.reset}
            >
              <GroupBySelect
                id="stock-value-group"
                value={query.groupBy}
                groups={STOCK_VALUE_GROUPS}
                labels={groupLabels}
                onChange={(v) => setFilter("groupBy", v === DEFAULT_GROUP ? undefined : v)}
              />
              <AsOfField id="stock-value-as-of" value={query.asOf} onChange={(v) => setFilter("asOf", v)} />
            </FiltersCard>
          </div>
        </div>
        <AsOfNote asOf={query.asOf} onClear={() => setFilter("asOf", undefined)} />
        <ResultsCard
          title={t(`reports.stockValue.by.${query.groupBy}`)}
          description={t("reports.stockValue.resultsDescription", { unit: lengthUnit, when })}
          actions={<ExportButtons path={STOCK_VALUE_PATH} query={{ ...query }} />}
          result={{ ...result, data: undefined }}
          pageSize={1}
          onPageChange={() => {}}
        >
          <ValueTable
            groupLabel={groupLabels[query.groupBy]}
            rows={result.data}
            loading={result.isPending}
            emptyText={t("reports.stockValue.empty")}
            detailOf={query.groupBy === "batch" ? (row) => materialName(row.materialId) : undefined}
          />
        </ResultsCard>
      </div>
    </>
  );
}
