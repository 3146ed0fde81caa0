import type { Kysely } from "kysely";
import { errorText } from "../../../domain/error-text";
import type { User } from "../../../domain/user";
import { type Db, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import { recordChange } from "../history/record";
import { type ImportError, mapColumns, readCell } from "./columns";
import type { ImportKind, RowValues } from "./master-data-kinds";
import type { Sheet } from "./read-sheet";

/** The answer of both modes (CONTRACT.md section 13). */
export interface ImportResult {
  kind: string;
  rows: number;
  errors: ImportError[];
  warnings: string[];
  created: number;
  updated: number;
  unchanged: number;
  transactionIds: number[];
}

type Action<R, I> =
  | { type: "create"; input: I }
  | { type: "update"; existing: R; input: I }
  | { type: "unchanged"; existing: R };

export interface ImportPlan<R, I> {
  result: ImportResult;
  actions: Action<R, I>[];
}

/** At most this many errors are listed: a wrong file would otherwise answer one per cell. */
export const MAX_LISTED_ERRORS = 1000;

/**
 * What importing `sheet` would do, reading the database through `db` (the commit's own transaction,
 * so that what it writes is what it planned). The same code serves preview and commit.
 */
export async function planImport<R extends { id: number }, I>(
  db: Kysely<Database>,
  kind: ImportKind<R, I>,
  sheet: Sheet,
): Promise<ImportPlan<R, I>> {
  const columns = mapColumns(sheet.header, kind.fields, kind.ignored);
  const result: ImportResult = {
    kind: kind.kind,
    rows: sheet.rows.length,
    errors: [...columns.errors],
    warnings: columns.warnings,
    created: 0,
    updated: 0,
    unchanged: 0,
    transactionIds: [],
  };
  const actions: Action<R, I>[] = [];
  if (columns.errors.length > 0) return { result, actions };

  const existing = await kind.load(db);
  const present = new Set(columns.index.keys());
  const headerOf = (key: string) => kind.fields.find((f) => f.key === key)?.header ?? key;
  /** Natural key -> the first row that named it, so a second row of the same record is refused. */
  const seen = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    if (result.errors.length >= MAX_LISTED_ERRORS) break;
    const values: RowValues = {};
    let cellErrors = false;
    for (const field of kind.fields) {
      const at = columns.index.get(field.key);
      if (at === undefined) continue;
      const read = readCell(cells[at] ?? null, field, sheet);
      if (read.ok) values[field.key] = read.value;
      else {
        cellErrors = true;
        result.errors.push({ row, column: field.header, message: read.message });
      }
    }
    if (cellErrors) continue;
    const key = kind.keyOf(values);
    const record = key === null ? undefined : existing.get(key);
    const checked = await kind.input(values, present, record);
    if ("issues" in checked) {
      for (const issue of checked.issues) {
        result.errors.push({ row, column: headerOf(issue.field), message: issue.message });
      }
      continue;
    }
    if (key !== null) {
      const first = seen.get(key);
      if (first !== undefined) {
        result.errors.push({
          row,
          column: headerOf(kind.fields[0]?.key ?? ""),
          message: errorText("IMPORT_DUPLICATE_ROW", { first, entity: kind.entity }),
        });
        continue;
      }
      seen.set(key, row);
    }
    if (!record) actions.push({ type: "create", input: checked.input });
    else if (kind.same(record, checked.input)) actions.push({ type: "unchanged", existing: record });
    else actions.push({ type: "update", existing: record, input: checked.input });
  }
  for (const a of actions) {
    if (a.type === "create") result.created++;
    else if (a.type === "update") result.updated++;
    else result.unchanged++;
  }
  return { result, actions };
}

/** Writes a plan that has no errors, each change recorded in the history like the screens' own. */
export async function runPlan<R extends { id: number }, I>(
  trx: Kysely<Database>,
  kind: ImportKind<R, I>,
  plan: ImportPlan<R, I>,
  by: Pick<User, "id">,
  at: Date,
): Promise<{ before: R | null; after: R }[]> {
  const changed: { before: R | null; after: R }[] = [];
  for (const action of plan.actions) {
    if (action.type === "unchanged") continue;
    const before = action.type === "update" ? action.existing : null;
    const after =
      action.type === "create"
        ? await kind.create(trx, action.input, at)
        : await kind.update(trx, action.existing, action.input);
    await recordChange(trx, { entity: kind.entity, entityId: after.id, before, after, by, at });
    changed.push({ before, after });
  }
  return changed;
}

/**
 * Preview plans and writes nothing; commit plans again inside its write transaction (what it
 * writes is what the database holds then) and writes all of it, or nothing when any row is in error.
 */
export async function importSheet<R extends { id: number }, I>(
  db: Db,
  kind: ImportKind<R, I>,
  sheet: Sheet,
  mode: "preview" | "commit",
  by: Pick<User, "id">,
  at: Date,
): Promise<ImportResult> {
  if (mode === "preview") return (await planImport(db.kysely, kind, sheet)).result;
  const work = async (trx: Kysely<Database>) => {
    const plan = await planImport(trx, kind, sheet);
    if (plan.result.errors.length > 0) throw new ImportRefused(plan.result);
    return { result: plan.result, changed: await runPlan(trx, kind, plan, by, at) };
  };
  if (kind.transaction) return kind.transaction(db, work);
  return (await withWriteTransaction(db, work)).result;
}

/** A commit with errors: answered 400 with the preview's shape, after the transaction rolled back. */
export class ImportRefused extends Error {
  constructor(readonly result: ImportResult) {
    super(errorText("IMPORT_ERRORS"));
  }
}
