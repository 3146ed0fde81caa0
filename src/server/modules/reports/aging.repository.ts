import { type Kysely, sql } from "kysely";
import { type AgeBand, ageBand } from "../../../domain/aging";
import { nameKey } from "../../../domain/common";
import { type AgingRow, type AgingSummary, addDays, daysBetween } from "../../../domain/report";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import { orderByTerms, type SortOrder, type SortTerm, term } from "../../lib/list/list-sort";
import type { AgingSort } from "./reports.query";

const NO_LIMIT = 2_147_483_647;
const paged = (page: Page) => page.limit !== undefined || page.offset > 0;

export interface AgingFilters {
  typeName?: string;
  ageGroup?: AgeBand;
}

/**
 * The earliest firstReceived of each band on `today`, as yyyy-MM-dd strings (dates are TEXT on
 * both engines and compare as strings): New >= new, Normal >= normal, Aging >= aging, else Old.
 */
export function bandCutoffs(today: string) {
  return { new: addDays(today, -30), normal: addDays(today, -60), aging: addDays(today, -90) };
}

/**
 * One row per (material, batch) with stock summed over warehouses > 0. firstReceived is the
 * smallest first_received of the batch in any warehouse, rows at 0 included: a transfer writes
 * its own date at the destination, but the source row keeps the receipt's (CONTRACT.md section 4).
 * Both are kept per batch by the posting in batch_totals (migration 018), so no balance row is read.
 */
function agingQuery(db: Kysely<Database>, filters: AgingFilters, today: string) {
  // A batch with stock always has a first receipt; the fallback only keeps odd data visible (age 0).
  const firstReceived = sql<string>`coalesce(b.first_received, ${today})`;
  let perBatch = db
    .selectFrom("batch_totals as b")
    .select(["b.material_id", "b.batch", "b.yards_centi as centi", firstReceived.as("first_received")])
    .where("b.yards_centi", ">", 0);
  if (filters.typeName !== undefined) {
    const key = nameKey(filters.typeName);
    perBatch = perBatch.where("b.material_id", "in", (eb) =>
      eb.selectFrom("materials as fm").select("fm.id").where("fm.type_key", "=", key),
    );
  }
  if (filters.ageGroup !== undefined) {
    const c = bandCutoffs(today);
    switch (filters.ageGroup) {
      case "New":
        perBatch = perBatch.where(firstReceived, ">=", c.new);
        break;
      case "Normal":
        perBatch = perBatch.where(firstReceived, ">=", c.normal).where(firstReceived, "<", c.new);
        break;
      case "Aging":
        perBatch = perBatch.where(firstReceived, ">=", c.aging).where(firstReceived, "<", c.normal);
        break;
      case "Old":
        perBatch = perBatch.where(firstReceived, "<", c.aging);
        break;
    }
  }
  return perBatch;
}

/**
 * ORDER BY of an aging sort and its direction: the column, then type, color, batch (a row is one
 * material and batch, so the order is total). Age and status sort by the first receipt, reversed:
 * youngest (New) first when ascending.
 */
function agingTerms(sort: AgingSort): { terms: SortTerm[]; order: SortOrder } {
  const material = [term("m.type_key"), term("m.color_key"), term("a.batch")];
  const flipped: SortOrder = sort.order === "asc" ? "desc" : "asc";
  switch (sort.field) {
    case "firstReceived":
      return { terms: [term("a.first_received"), ...material], order: sort.order };
    case "ageInDays":
    case "status":
      return { terms: [term("a.first_received"), ...material], order: flipped };
    case "typeName":
      return { terms: material, order: sort.order };
    case "colorName":
      return { terms: [term("m.color_key"), term("m.type_key"), term("a.batch")], order: sort.order };
    case "batch":
      return { terms: [term("a.batch"), term("m.type_key"), term("m.color_key")], order: sort.order };
    case "availableYards":
      return { terms: [term("a.centi"), ...material], order: sort.order };
  }
}

/** Oldest first, then type, color, batch; or by `sort`. */
export async function listAging(
  db: Kysely<Database>,
  filters: AgingFilters,
  today: string,
  page: Page = { offset: 0 },
  sort: AgingSort = { field: "firstReceived", order: "asc" },
): Promise<AgingRow[]> {
  const { terms, order } = agingTerms(sort);
  let query = orderByTerms(
    db
      .selectFrom(agingQuery(db, filters, today).as("a"))
      .innerJoin("materials as m", "m.id", "a.material_id")
      .select(["a.material_id", "m.type_name", "m.color_name", "a.batch", "a.centi", "a.first_received"]),
    terms,
    order,
  );
  if (paged(page)) query = query.limit(page.limit ?? NO_LIMIT).offset(page.offset);
  const rows = await query.execute();
  // Each date's age once: ~10,000 rows share a few hundred receipt dates (two Date.parse per row
  // were 4 ms of the whole report at the large seed).
  const ages = new Map<string, number>();
  return rows.map((r) => {
    let ageInDays = ages.get(r.first_received);
    if (ageInDays === undefined) {
      // A batch dated tomorrow (allowed for postings) is 0 days old, not -1.
      ageInDays = Math.max(0, daysBetween(r.first_received, today));
      ages.set(r.first_received, ageInDays);
    }
    return {
      materialId: r.material_id,
      typeName: r.type_name,
      colorName: r.color_name,
      batch: r.batch,
      firstReceived: r.first_received,
      ageInDays,
      availableYards: centiToYards(r.centi),
      status: ageBand(ageInDays),
    };
  });
}

export async function countAging(
  db: Kysely<Database>,
  filters: AgingFilters,
  today: string,
): Promise<number> {
  const row = await db
    .selectFrom(agingQuery(db, filters, today).as("a"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** availableYards summed per band (the four cards), all four present. */
export async function agingSummary(
  db: Kysely<Database>,
  filters: Pick<AgingFilters, "typeName">,
  today: string,
): Promise<AgingSummary> {
  const c = bandCutoffs(today);
  const band = sql<AgeBand>`case
    when a.first_received >= ${c.new} then 'New'
    when a.first_received >= ${c.normal} then 'Normal'
    when a.first_received >= ${c.aging} then 'Aging'
    else 'Old' end`;
  // Grouped outside the CASE's own query: PostgreSQL would not match a GROUP BY expression whose
  // parameters are numbered differently from the SELECT's.
  const banded = db
    .selectFrom(agingQuery(db, { typeName: filters.typeName }, today).as("a"))
    .select([band.as("band"), "a.centi"])
    .as("x");
  const rows = await db
    .selectFrom(banded)
    .select(["x.band", sql<number>`sum(x.centi)`.as("centi")])
    .groupBy("x.band")
    .execute();
  const summary: AgingSummary = { New: 0, Normal: 0, Aging: 0, Old: 0 };
  for (const r of rows) summary[r.band] = centiToYards(r.centi);
  return summary;
}
