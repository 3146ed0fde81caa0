import { ArrowRightLeftIcon } from "lucide-react";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { DatePicker } from "../../../components/ui/date-picker";
import { useT } from "../../../i18n";
import { formatDate, formatSignedLength, toIsoDate } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import { typeLabel } from "../../transactions/list/type-label";
import {
  MOVEMENT_VALUE_GROUPS,
  MOVEMENT_VALUE_PATH,
  type MovementValueGroupBy,
  type MovementValueQuery,
  useMovementValue,
} from "../api/stock-value";
import { ExportButtons } from "../components/export-buttons";
import { FilterField, FiltersCard } from "../components/filters-card";
import { ResultsCard } from "../components/results-card";
import { GroupBySelect } from "../stock-value/group-by-select";
import { ValueTable, valueTotals } from "../stock-value/value-table";
import { isoDateOrUndefined, oneOf, useUrlFilters } from "../use-url-filters";

const KEYS = ["startDate", "endDate", "groupBy"] as const;
const DEFAULT_GROUP: MovementValueGroupBy = "type";

/** This month so far: its first day and today (the server's default period is the month too). */
export function thisMonth(today = new Date()): { startDate: string; endDate: string } {
  const endDate = toIsoDate(today);
  return { startDate: `${endDate.slice(0, 8)}01`, endDate };
}

/**
 * /reports/movement-value (issue 17, CONTRACT.md section 11): the value of what was received,
 * used, wasted, moved, returned and counted in a period, signed like the yards (what left the
 * stock is negative), by transaction type, material or warehouse. Administrators only.
 */
export function MovementValueScreen() {
  const { t, lengthUnit } = useT();
  const groupLabels = Object.fromEntries(
    MOVEMENT_VALUE_GROUPS.map((g) => [g, t(`reports.movementValue.group.${g}`)]),
  ) as Record<MovementValueGroupBy, string>;
  const state = useUrlFilters(KEYS);
  const { values, setFilter } = state;
  const month = thisMonth();
  const query: MovementValueQuery = {
    groupBy: oneOf(MOVEMENT_VALUE_GROUPS, values.groupBy) ?? DEFAULT_GROUP,
    startDate: isoDateOrUndefined(values.startDate) ?? month.startDate,
    endDate: isoDateOrUndefined(values.endDate) ?? month.endDate,
  };
  const money = useMoney();
  const result = useMovementValue(query);
  const totals = valueTotals(result.data ?? []);
  const period = `${formatDate(query.startDate)} – ${formatDate(query.endDate)}`;
  const groupLabel = groupLabels[query.groupBy];

  return (
    <>
      <PageHeader
        title={t("reports.movementValue.title")}
        description={t("reports.movementValue.description")}
      />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-3">
          <StatCard
            title={t("reports.movementValue.net")}
            value={
              <span className={totals.valueAmount < 0 ? "text-destructive" : undefined}>
                {money(totals.valueAmount, { signed: true })}
              </span>
            }
            caption={t("reports.movementValue.caption", {
              length: formatSignedLength(totals.totalYards),
              unit: lengthUnit,
              period,
            })}
            icon={ArrowRightLeftIcon}
            loading={result.isPending}
          />
          <div className="lg:col-span-2 *:h-full">
            <FiltersCard
              title={t("reports.filters.title")}
              description={t("reports.movementValue.filtersDescription")}
              activeCount={state.activeCount}
              canReset={state.active}
              onReset={state.reset}
              className="lg:grid-cols-3"
            >
              <FilterField id="movement-value-start" label={t("reports.filter.startDate")}>
                <DatePicker
                  id="movement-value-start"
                  value={query.startDate}
                  onChange={(v) => setFilter("startDate", v)}
                  isDisabledDay={(d) => toIsoDate(d) > query.endDate}
                />
              </FilterField>
              <FilterField id="movement-value-end" label={t("reports.filter.endDate")}>
                <DatePicker
                  id="movement-value-end"
                  value={query.endDate}
                  onChange={(v) => setFilter("endDate", v)}
                  isDisabledDay={(d) => toIsoDate(d) < query.startDate}
                />
              </FilterField>
              <GroupBySelect
                id="movement-value-group"
                value={query.groupBy}
                groups={MOVEMENT_VALUE_GROUPS}
                labels={groupLabels}
                onChange={(v) => setFilter("groupBy", v === DEFAULT_GROUP ? undefined : v)}
              />
            </FiltersCard>
          </div>
        </div>
        <ResultsCard
          title={t(`reports.movementValue.by.${query.groupBy}`)}
          description={t("reports.movementValue.resultsDescription", { unit: lengthUnit, period })}
          actions={<ExportButtons path={MOVEMENT_VALUE_PATH} query={{ ...query }} />}
          result={{ ...result, data: undefined }}
          pageSize={1}
          onPageChange={() => {}}
        >
          <ValueTable
            groupLabel={groupLabel}
            rows={result.data}
            loading={result.isPending}
            emptyText={t("reports.movementValue.empty")}
            signed
            groupText={query.groupBy === "type" ? (row) => typeLabel(row.group) : undefined}
          />
        </ResultsCard>
      </div>
    </>
  );
}
