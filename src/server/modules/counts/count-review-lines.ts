import { type RawBuilder, sql } from "kysely";
import type { CountLineStatus } from "../../../domain/count";
import type { DialectName } from "../../db/database";
import type { CountScope } from "./counts.repository";

/**
 * The review's lines as one SQL relation (CONTRACT.md section 14), so that the database filters,
 * sums and pages them instead of the server reading a 20,000-roll session to show 50 lines:
 * every live entry (expected yards = the roll's length now, `moved_since_centi` = length now -
 * length when counted), then every roll in scope now that no live entry counted (missing; an
 * unlabelled piece once posted is its roll, so not missing).
 * Columns: roll_id, entry_id, material_id, batch, bin, expected_centi, counted_centi,
 * moved_since_centi, status, unit_cost_e4, variance_centi.
 */
export function reviewLinesSql(
  sessionId: number,
  scope: CountScope,
  dialect: DialectName,
): RawBuilder<unknown> {
  const inList = (column: string, values: readonly (string | number)[] | null) => {
    if (!values) return sql``;
    return values.length ? sql`and ${sql.ref(column)} in (${sql.join(values)})` : sql`and 1 = 0`;
  };
  const bins = inList("rolls.bin", scope.bins);
  const materials = inList("rolls.material_id", scope.materialIds);
  const lines = sql`
    select e.roll_id as roll_id, e.id as entry_id,
      coalesce(r.material_id, e.material_id) as material_id,
      coalesce(case when e.roll_id is null then e.batch else r.batch end, '') as batch,
      case when e.roll_id is null then e.bin else r.bin end as bin,
      case when e.roll_id is null then 0 else r.length_centi end as expected_centi,
      e.counted_centi as counted_centi,
      case when e.roll_id is null then 0 else r.length_centi - e.length_at_count_centi end as moved_since_centi,
      case when e.roll_id is null then 'unlabelled'
        when e.kind = 'elsewhere' then 'elsewhere'
        when e.counted_centi = e.length_at_count_centi then 'match'
        when e.counted_centi < e.length_at_count_centi then 'short'
        else 'over' end as status,
      case when e.roll_id is null then 0 else coalesce(r.unit_cost_e4, 0) end as unit_cost_e4
    from count_entries e
    ${entryRollJoin(dialect)}
    where e.session_id = ${sessionId} and e.superseded_at is null
    union all
    select rolls.id, null, rolls.material_id, rolls.batch, rolls.bin, rolls.length_centi, null, 0,
      'missing', rolls.unit_cost_e4
    from rolls
    where rolls.warehouse_id = ${scope.warehouseId} and rolls.length_centi > 0
      and rolls.status <> 'Used Up' ${bins} ${materials}
      and rolls.id not in (select c.roll_id from count_entries c where c.session_id = ${sessionId}
        and c.superseded_at is null and c.roll_id is not null)
      and rolls.id not in (select c.posted_roll_id from count_entries c where c.session_id = ${sessionId}
        and c.superseded_at is null and c.posted_roll_id is not null)`;
  // Variance = counted - (length now - moved since); a missing roll's is minus its length.
  return sql`(select l.*,
      coalesce(l.counted_centi, 0) - (l.expected_centi - l.moved_since_centi) as variance_centi
    from (${lines}) l)`;
}

/**
 * Each entry's roll. PostgreSQL would hash the whole rolls table for a session's entries (the large
 * seed: 666,000 rolls read for 17,000 entries, ~160 ms); a lateral lookup it may not flatten
 * (`offset 0`) reads each entry's roll by its key (~50 ms). SQLite looks each one up already.
 */
function entryRollJoin(dialect: DialectName): RawBuilder<unknown> {
  return dialect === "postgres"
    ? sql`left join lateral (select * from rolls where rolls.id = e.roll_id offset 0) r on true`
    : sql`left join rolls r on r.id = e.roll_id`;
}

/**
 * The filter of the review (status and bin) over `reviewLinesSql`'s columns. A blind count shows
 * clerks and viewers "counted" for match, short and over, so that is what they filter on.
 */
export function reviewFilterSql(
  filters: { status?: CountLineStatus; bin?: string },
  showExpected: boolean,
): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  const hidden: CountLineStatus[] = ["match", "short", "over"];
  if (filters.status === "counted") {
    parts.push(showExpected ? sql<boolean>`1 = 0` : sql<boolean>`l.status in ('match', 'short', 'over')`);
  } else if (filters.status) {
    parts.push(
      !showExpected && hidden.includes(filters.status)
        ? sql<boolean>`1 = 0`
        : sql`l.status = ${filters.status}`,
    );
  }
  if (filters.bin !== undefined) parts.push(sql<boolean>`coalesce(l.bin, '') = ${filters.bin}`);
  return parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`1 = 1`;
}

/**
 * A line's value change at its roll's unit cost, rounded half away from zero to ten-thousandths per
 * line as `valueE4` rounds it, so the sum is the sum of what each line is worth.
 */
export const lineValueSql = sql`case
  when cast(l.variance_centi as bigint) * cast(l.unit_cost_e4 as bigint) < 0
  then -((-(cast(l.variance_centi as bigint) * cast(l.unit_cost_e4 as bigint)) + 50) / 100)
  else (cast(l.variance_centi as bigint) * cast(l.unit_cost_e4 as bigint) + 50) / 100 end`;

/**
 * The walk order's bins as a relation (bin, walk_rank), from one JSON parameter: the ranks come
 * from the bins' natural order (counts.repository's comparator), which is no SQL order.
 */
export function binRanksSql(dialect: DialectName, rankedBins: readonly string[]): RawBuilder<unknown> {
  const json = JSON.stringify(rankedBins);
  return dialect === "postgres"
    ? sql`(select value as bin, ordinality as walk_rank
        from jsonb_array_elements_text(cast(${json} as jsonb)) with ordinality)`
    : sql`(select value as bin, key as walk_rank from json_each(${json}))`;
}
