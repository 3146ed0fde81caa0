import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { MAX_ID, nameKey } from "../../../domain/common";
import { ROLL_DEFAULT_SORT, type ROLL_SORTS } from "../../../domain/list-sorts";
import { e4ToMoney } from "../../../domain/money";
import { formatRollCode, type Roll, type RollStatus, rollCodeRanges } from "../../../domain/roll";
import { centiToYards } from "../../../domain/yards";
import type { Database, RollsTable } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import {
  codeContains,
  isPostgres,
  keyContains,
  orderByTerms,
  type Sort,
  type SortTerm,
  term,
} from "../../lib/list/list-sort";
import { freeCentiOf } from "../allocation/free-yards";

/**
 * The rolls (CONTRACT.md section 8): the list and the remnants report, one roll, its movements.
 * Codes are not stored (code = formatRollCode(id)): a code prefix is a few id ranges.
 */

export interface RollFilters {
  materialId?: number;
  /** Material type and color names, compared case-insensitively (by their keys). */
  typeName?: string;
  colorName?: string;
  /** Exact batch (case-sensitive, as the stock key compares it). */
  batch?: string;
  warehouseId?: number;
  /** Absent: every roll but the Used Up ones. */
  status?: RollStatus;
  /** Code prefix (R00012, r000123); one no code can have matches nothing. */
  code?: string;
  /** Free text: code prefix, or type, color, batch or bin containing it. */
  q?: string;
  /** These rolls only (labels); then Used Up ones are included unless `status` says otherwise. */
  ids?: number[];
  /** The highest roll id (prepareRollFilters), when known: code prefixes read no range above it. */
  maxId?: number;
}

export type RollSort = Sort<(typeof ROLL_SORTS)[number]>;
export const DEFAULT_ROLL_SORT: RollSort = ROLL_DEFAULT_SORT;

type RollEb = ExpressionBuilder<Database & { r: RollsTable }, "r">;

/** The digits of the longest code: ids are int32 (common.ts MAX_ID). */
const MAX_CODE_DIGITS = String(MAX_ID).length;

/**
 * A roll with yards: not Used Up (the same rolls as `length_centi > 0`: the check proves status
 * follows length). Written as a literal (not a bound parameter) so that both engines match it to
 * the list's and the key's partial indexes (`where status <> 'Used Up'`: since migration 021 the
 * key's, the open warehouse one and the open status one). Sorts by batch and first receipt read
 * indexes over every roll and skip the Used Up rolls; length and last movement sort the matches.
 */
const live = sql<boolean>`r.status <> 'Used Up'`;

/**
 * The code of `r` starts with `prefix`: a few id ranges, or nothing (false) when no code can. The
 * ranges stop at `maxId` (the highest id there is, when known, else the highest id there can be):
 * PostgreSQL refuses a number beyond int32 for an integer column, and a prefix such as R2 then
 * reads one range. Several ranges are also bounded by their hull, which either engine reads as one
 * primary-key range in code order (the ranges themselves would be merged and sorted).
 */
function codeStartsWith(eb: RollEb, prefix: string, maxId = MAX_ID) {
  const ranges = (rollCodeRanges(prefix, MAX_CODE_DIGITS) ?? [])
    .filter(([from]) => from <= maxId)
    .map(([from, to]): [number, number] => [from, Math.min(to - 1, maxId)]);
  const first = ranges[0];
  const last = ranges[ranges.length - 1];
  if (!first || !last) return sql<boolean>`1 = 0`;
  const between = (from: number, to: number) => eb.and([eb("r.id", ">=", from), eb("r.id", "<=", to)]);
  if (ranges.length === 1) return between(first[0], first[1]);
  return eb.and([between(first[0], last[1]), eb.or(ranges.map(([from, to]) => between(from, to)))]);
}

/** The filters with the highest roll id, when a code prefix needs it (codeStartsWith). */
export async function prepareRollFilters(db: Kysely<Database>, f: RollFilters): Promise<RollFilters> {
  if (f.code === undefined && f.q === undefined) return f;
  const row = await db
    .selectFrom("rolls")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return { ...f, maxId: Number(row?.max ?? 0) };
}

/**
 * The code of `r` (R + the id in at least 6 digits, domain/roll.ts) contains these digits
 * (CONTRACT.md section 5: `q` is "contained"). Codes are not stored, so each candidate's code is
 * made; `q` already reads every candidate for its batch and bin.
 */
function codeHasDigits(digits: string, pg: boolean) {
  const pattern = `%${digits}%`;
  return pg
    ? sql<boolean>`lpad(r.id::text, greatest(6, length(r.id::text)), '0') like ${pattern}`
    : sql<boolean>`printf('%06d', r.id) like ${pattern}`;
}

/**
 * `q`: the code starts with the text (R000123, r0001) or contains its digits (2762 finds R002762),
 * or the type, color, batch or bin contains it (case-insensitive).
 */
function rollSearch(eb: RollEb, text: string, pg: boolean, maxId?: number) {
  const key = nameKey(text);
  const materials = eb
    .selectFrom("materials as qm")
    .select("qm.id")
    .where((m) => m.or([keyContains("qm.type_key", key), keyContains("qm.color_key", key)]));
  const parts = [
    eb("r.material_id", "in", materials),
    codeContains(pg, "r.batch", text),
    codeContains(pg, "r.bin", text),
  ];
  if (rollCodeRanges(text, MAX_CODE_DIGITS)) parts.unshift(codeStartsWith(eb, text, maxId));
  if (/^\d{1,15}$/.test(text)) parts.push(codeHasDigits(text, pg));
  return eb.or(parts);
}

/** The filters as conditions on a rolls row aliased `r` (only `r` and subqueries: counts join nothing). */
export function rollConditions(eb: RollEb, f: RollFilters, pg: boolean) {
  const conditions = [];
  if (f.status === undefined) {
    if (f.ids === undefined) conditions.push(live);
  } else {
    // A literal (one of three fixed words): the planners weigh it by their statistics.
    conditions.push(eb("r.status", "=", sql.lit(f.status)));
    // Implied by the status, stated so that the partial indexes serve In Stock and Remnant too.
    if (f.status !== "Used Up") conditions.push(live);
  }
  if (f.materialId !== undefined) conditions.push(eb("r.material_id", "=", f.materialId));
  if (f.typeName !== undefined || f.colorName !== undefined) {
    let materials = eb.selectFrom("materials as fm").select("fm.id");
    if (f.typeName !== undefined) materials = materials.where("fm.type_key", "=", nameKey(f.typeName));
    if (f.colorName !== undefined) materials = materials.where("fm.color_key", "=", nameKey(f.colorName));
    conditions.push(eb("r.material_id", "in", materials));
  }
  if (f.batch !== undefined) conditions.push(eb("r.batch", "=", f.batch));
  if (f.warehouseId !== undefined) conditions.push(eb("r.warehouse_id", "=", f.warehouseId));
  if (f.code !== undefined) conditions.push(codeStartsWith(eb, f.code, f.maxId));
  if (f.ids !== undefined) conditions.push(eb("r.id", "in", f.ids.length > 0 ? f.ids : [0]));
  if (f.q !== undefined) conditions.push(rollSearch(eb, f.q, pg, f.maxId));
  return eb.and(conditions);
}

/** ORDER BY of a rolls sort: the column, then the id (the code), all in the sort's direction. */
export function rollSortTerms(sort: RollSort): SortTerm[] {
  const id = term("r.id");
  switch (sort.field) {
    case "code":
      return [id];
    case "typeName":
      return [term("m.type_key"), term("m.color_key"), id];
    case "batch":
      return [term("r.batch"), id];
    case "warehouseName":
      return [term("w.name_key"), id];
    case "lengthYards":
      return [term("r.length_centi"), id];
    case "firstReceived":
      return [term("r.first_received"), id];
    case "lastMovedAt":
      return [term("r.last_moved_at"), id];
    case "status":
      return [term("r.status"), id];
  }
}

/** The rolls with their material and warehouse names: what rowToRoll maps (also the shortages drill-down). */
export function rollRows(db: Kysely<Database>) {
  return db
    .selectFrom("rolls as r")
    .innerJoin("materials as m", "m.id", "r.material_id")
    .innerJoin("warehouses as w", "w.id", "r.warehouse_id")
    .select([
      "r.id",
      "r.material_id",
      "m.type_name",
      "m.color_name",
      "r.batch",
      "r.warehouse_id",
      "w.name as warehouse_name",
      "r.length_centi",
      "r.reserved_centi",
      "r.received_centi",
      "r.ticket_centi",
      "r.width_centi",
      "r.bin",
      "r.parent_roll_id",
      "r.status",
      "r.first_received",
      "r.last_moved_at",
      "r.unit_cost_e4",
      "r.value_e4",
    ]);
}

type RollRow =
  ReturnType<typeof rollRows> extends SelectQueryBuilder<infer _DB, infer _TB, infer O> ? O : never;

const nullableCenti = (centi: number | null) => (centi === null ? null : centiToYards(centi));

/** The roll of a row; `withCost` (admins only: lib/cost-access.ts) adds unitCost and valueAmount. */
export function rowToRoll(r: RollRow, withCost = false): Roll {
  const roll: Roll = {
    id: r.id,
    code: formatRollCode(r.id),
    materialId: r.material_id,
    typeName: r.type_name,
    colorName: r.color_name,
    batch: r.batch,
    warehouseId: r.warehouse_id,
    warehouseName: r.warehouse_name,
    lengthYards: centiToYards(r.length_centi),
    reservedYards: centiToYards(r.reserved_centi),
    availableYards: centiToYards(freeCentiOf(Number(r.length_centi), Number(r.reserved_centi))),
    receivedYards: centiToYards(r.received_centi),
    ticketYards: nullableCenti(r.ticket_centi),
    widthInches: nullableCenti(r.width_centi),
    bin: r.bin,
    parentRollId: r.parent_roll_id,
    status: r.status as RollStatus,
    firstReceived: r.first_received,
    lastMovedAt: r.last_moved_at,
  };
  if (withCost) {
    roll.unitCost = e4ToMoney(r.unit_cost_e4);
    roll.valueAmount = e4ToMoney(r.value_e4);
  }
  return roll;
}

const NO_LIMIT = 2_147_483_647;

/**
 * Sorts of a page whose ids are picked from the rolls alone before the names are joined: no index
 * holds their order (migration 021), so the engine sorts every matching roll, and bare rows sort
 * faster than joined ones. The whole list's first page (docs/performance.md, session 12), p50:
 * by last moved 88 -> 58 ms on SQLite and 78 -> 45 on PostgreSQL; by length 71 -> 40 on
 * PostgreSQL, while SQLite's plan for the joined query is the faster there (21 against 55 ms).
 * Indexed sorts read their index and stop after the page.
 */
const pageIdsFirst = (field: RollSort["field"], pg: boolean) =>
  field === "lastMovedAt" || (pg && field === "lengthYards");

/** The query of the rolls matching `filters`, ordered by `sort`, one page (listRollRows runs it). */
export function rollListQuery(
  db: Kysely<Database>,
  filters: RollFilters,
  page: Page = { offset: 0 },
  sort: RollSort = DEFAULT_ROLL_SORT,
) {
  const pg = isPostgres(db);
  const terms = rollSortTerms(sort);
  const paged = page.limit !== undefined || page.offset > 0;
  if (paged && pageIdsFirst(sort.field, pg)) {
    const ids = orderByTerms(
      db
        .selectFrom("rolls as r")
        .select("r.id")
        .where((eb) => rollConditions(eb, filters, pg)),
      terms,
      sort.order,
    )
      .limit(page.limit ?? NO_LIMIT)
      .offset(page.offset);
    return orderByTerms(rollRows(db).where("r.id", "in", ids), terms, sort.order);
  }
  let query = orderByTerms(
    rollRows(db).where((eb) => rollConditions(eb as unknown as RollEb, filters, pg)),
    terms,
    sort.order,
  );
  if (paged) query = query.limit(page.limit ?? NO_LIMIT).offset(page.offset);
  return query;
}

/** The rolls matching `filters`, ordered by `sort`, as the database returns them (rowToRoll maps each). */
export function listRollRows(
  db: Kysely<Database>,
  filters: RollFilters,
  page: Page = { offset: 0 },
  sort: RollSort = DEFAULT_ROLL_SORT,
): Promise<RollRow[]> {
  return rollListQuery(db, filters, page, sort).execute();
}

/** The count of the rolls matching `filters`: rolls alone (no join), no order (countRolls runs it). */
export function rollCountQuery(db: Kysely<Database>, filters: RollFilters) {
  const pg = isPostgres(db);
  return db
    .selectFrom("rolls as r")
    .where((eb) => rollConditions(eb, filters, pg))
    .select((eb) => eb.fn.countAll<number>().as("n"));
}

export async function countRolls(db: Kysely<Database>, filters: RollFilters): Promise<number> {
  const row = await rollCountQuery(db, filters).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findRoll(
  db: Kysely<Database>,
  id: number,
  withCost = false,
): Promise<Roll | undefined> {
  const row = await rollRows(db).where("r.id", "=", id).executeTakeFirst();
  return row ? rowToRoll(row, withCost) : undefined;
}

export interface RollPatch {
  bin?: string | null;
  widthInches?: number | null;
}

/** Sets a roll's bin and/or width (lengths change only by postings); false when there is no such roll. */
export async function updateRoll(db: Kysely<Database>, id: number, patch: RollPatch): Promise<boolean> {
  const set: { bin?: string | null; width_centi?: number | null } = {};
  if (patch.bin !== undefined) set.bin = patch.bin;
  if (patch.widthInches !== undefined) {
    set.width_centi = patch.widthInches === null ? null : Math.round(patch.widthInches * 100);
  }
  const result = await db.updateTable("rolls").set(set).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
