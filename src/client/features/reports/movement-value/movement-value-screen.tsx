import { ArrowRightLeftIcon } from "lucide-react";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { DatePicker } from "../../../components/ui/date-picker";
import { formatDate, formatSignedYards, toIsoDate } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import {
  MOVEMENT_VALUE_GROUP_LABELS,
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
  const groupLabel = MOVEMENT_VALUE_GROUP_LABELS[query.groupBy];

  return (
    <>
      <PageHeader
        title="Movement Value"
        description="What the fabric received, used, wasted, moved and returned in a period was worth, at cost."
      />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-3">
          <StatCard
            title="Net Movement Value"
            value={
              <span className={totals.valueAmount < 0 ? "text-destructive" : undefined}>
                {money(totals.valueAmount, { signed: true })}
              </span>
            }
            caption={`${formatSignedYards(totals.totalYards)} yards, ${period}`}
            icon={ArrowRightLeftIcon}
            loading={result.isPending}
          />
          <div className="lg:col-span-2 *:h-full">
            <FiltersCard
              title="Report Filters"
              description="Transactions dated in this period (both days included); this month when empty."
              activeCount={state.activeCount}
              canReset={state.active}
              onReset={state.reset}
              className="lg:grid-cols-3"
            >
              <FilterField id="movement-value-start" label="Start Date">
                <DatePicker
                  id="movement-value-start"
                  value={query.startDate}
                  onChange={(v) => setFilter("startDate", v)}
                  isDisabledDay={(d) => toIsoDate(d) > query.endDate}
                />
              </FilterField>
              <FilterField id="movement-value-end" label="End Date">
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
                labels={MOVEMENT_VALUE_GROUP_LABELS}
                onChange={(v) => setFilter("groupBy", v === DEFAULT_GROUP ? undefined : v)}
              />
            </FiltersCard>
          </div>
        </div>
        <ResultsCard
          title={`Value by ${groupLabel}`}
          description={`Yards and value moved ${period}: into stock positive, out of stock negative.`}
          actions={<ExportButtons path={MOVEMENT_VALUE_PATH} query={{ ...query }} />}
          result={{ ...result, data: undefined }}
          pageSize={1}
          onPageChange={() => {}}
        >
          <ValueTable
            groupLabel={groupLabel}
            rows={result.data}
            loading={result.isPending}
            emptyText="No movements in this period."
            signed
          />
        </ResultsCard>
      </div>
    </>
  );
}
