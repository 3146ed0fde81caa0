import { type Kysely, sql } from "kysely";
import { errorText } from "../../../../domain/error-text";
import type { ValidTransactionInput } from "../../../../domain/transaction";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { badRequest, type ErrorIssue } from "../../../lib/http-errors";

export interface References {
  suppliers: Map<number, string>;
  warehouses: Map<number, string>;
  materials: Map<number, { typeName: string; colorName: string }>;
}

interface Wanted {
  materialIds: readonly number[];
  warehouseIds: readonly number[];
  supplierId: number | null;
}

/** Names of the master data a posting or a reversal names, and which of them are archived, in one round trip. */
export async function readReferences(
  db: Kysely<Database>,
  wanted: Wanted,
): Promise<{ refs: References; archived: Set<string> }> {
  const materialIds = [...new Set(wanted.materialIds)];
  const warehouseIds = [...new Set(wanted.warehouseIds)];
  let query = db
    .selectFrom("materials")
    .select(["id", sql<string>`'m'`.as("kind"), "type_name as name", "color_name as extra", "is_active"])
    // Stryker disable next-line ArrayDeclaration,ConditionalExpression,EqualityOperator: PostgreSQL only (SQLite accepts "in ()"); rolls-posting.test.ts [postgres] fails without it
    .where("id", "in", materialIds.length > 0 ? materialIds : [0]);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: PostgreSQL only (SQLite accepts "in ()"); rolls-posting.test.ts [postgres] fails without it
  if (warehouseIds.length > 0) {
    query = query.unionAll(
      db
        .selectFrom("warehouses")
        // Stryker disable next-line StringLiteral: PostgreSQL only (SQLite names a UNION's columns after its first select, PostgreSQL refuses an empty alias); rolls-posting.test.ts [postgres] fails without it
        .select(["id", sql<string>`'w'`.as("kind"), "name", sql<string>`''`.as("extra"), "is_active"])
        .where("id", "in", warehouseIds),
    );
  }
  // Stryker disable next-line ConditionalExpression: equivalent, "id = null" matches no row
  if (wanted.supplierId !== null) {
    query = query.unionAll(
      db
        .selectFrom("suppliers")
        // Stryker disable next-line StringLiteral: PostgreSQL only (SQLite names a UNION's columns after its first select, PostgreSQL refuses an empty alias); reversal-rolls.test.ts [postgres] fails without it
        .select(["id", sql<string>`'s'`.as("kind"), "name", sql<string>`''`.as("extra"), "is_active"])
        .where("id", "=", wanted.supplierId),
    );
  }
  const refs: References = { suppliers: new Map(), warehouses: new Map(), materials: new Map() };
  const archived = new Set<string>();
  for (const row of await query.execute()) {
    if (!row.is_active) archived.add(`${row.kind}${row.id}`);
    if (row.kind === "m") refs.materials.set(row.id, { typeName: row.name, colorName: row.extra });
    else if (row.kind === "w") refs.warehouses.set(row.id, row.name);
    else refs.suppliers.set(row.id, row.name);
  }
  return { refs, archived };
}

/**
 * Step 1 of the posting (validate): loads the supplier, warehouses and materials a posting names,
 * and refuses the posting (400, one issue per field) when one does not exist or is archived. The
 * names serve the answer and the 409 messages.
 */
export async function loadReferences(
  db: Kysely<Database>,
  input: ValidTransactionInput,
  dialect: DialectName,
): Promise<References> {
  const wanted = {
    materialIds: input.items.map((i) => i.materialId),
    // Stryker disable next-line MethodExpression: equivalent, a null id matches no row ("id in (null, ...)")
    warehouseIds: [input.warehouseId, input.sourceWarehouseId, input.destinationWarehouseId].filter(
      // Stryker disable next-line ConditionalExpression: equivalent, a null id matches no row ("id in (null, ...)")
      (id): id is number => id !== null,
    ),
    supplierId: input.supplierId,
  };
  // Stryker disable next-line ConditionalExpression,StringLiteral: PostgreSQL only; archive-race.test.ts [postgres] fails without it
  if (dialect === "postgres") await lockAgainstArchive(db, wanted);
  const { refs, archived } = await readReferences(db, wanted);

  const issues: ErrorIssue[] = [];
  if (input.supplierId !== null && !refs.suppliers.has(input.supplierId)) {
    issues.push({ path: "supplierId", message: errorText("SUPPLIER_NOT_FOUND") });
  }
  for (const field of ["warehouseId", "sourceWarehouseId", "destinationWarehouseId"] as const) {
    const id = input[field];
    if (id !== null && !refs.warehouses.has(id))
      issues.push({ path: field, message: errorText("WAREHOUSE_NOT_FOUND") });
  }
  input.items.forEach((item, i) => {
    if (!refs.materials.has(item.materialId)) {
      issues.push({ path: `items.${i}.materialId`, message: errorText("MATERIAL_NOT_FOUND") });
    }
  });
  issues.push(...archivedIssues(input, (kind, id) => archived.has(`${kind}${id}`)));
  const first = issues[0];
  if (first) throw badRequest(`${first.path}: ${first.message}`, issues);
  return refs;
}

/**
 * PostgreSQL: a share lock on the warehouses and materials a posting names, held to its commit. An
 * archive takes FOR UPDATE on its row (archive.ts lockForArchive) and then checks the stock, so it
 * either waits for this posting and sees its stock (409), or this posting waits for the archive and
 * reads the row archived (400): never an archived warehouse or material with stock. FOR KEY SHARE
 * does not block renames (FOR NO KEY UPDATE) nor other postings. SQLite's write transactions are
 * serialised already.
 */
// Stryker disable all: PostgreSQL only; archive-race.test.ts [postgres] fails without either lock (the sorts and "> 0" guards are equivalent: the SQL orders by id, a posting names a warehouse and an item)
export async function lockAgainstArchive(db: Kysely<Database>, wanted: Wanted): Promise<void> {
  const warehouses = [...new Set(wanted.warehouseIds)].sort((a, b) => a - b);
  const materials = [...new Set(wanted.materialIds)].sort((a, b) => a - b);
  if (warehouses.length > 0)
    await sql`select id from warehouses where id in (${sql.join(warehouses)}) order by id for key share`.execute(
      db,
    );
  if (materials.length > 0)
    await sql`select id from materials where id in (${sql.join(materials)}) order by id for key share`.execute(
      db,
    );
}
// Stryker restore all

/** Adds to `refs` the names it lacks of these materials and warehouses (for a message). */
export async function addMissingNames(
  db: Kysely<Database>,
  refs: References,
  ids: { materialIds: readonly number[]; warehouseIds: readonly number[] },
): Promise<void> {
  // Stryker disable next-line MethodExpression: equivalent, reading a known name again only costs time
  const materialIds = ids.materialIds.filter((id) => !refs.materials.has(id));
  // Stryker disable next-line MethodExpression: equivalent, reading a known name again only costs time
  const warehouseIds = ids.warehouseIds.filter((id) => !refs.warehouses.has(id));
  // Stryker disable next-line ConditionalExpression: equivalent, a read of no ids finds no names (only costs a statement)
  if (materialIds.length === 0 && warehouseIds.length === 0) return;
  const more = await readReferences(db, { materialIds, warehouseIds, supplierId: null });
  for (const [id, m] of more.refs.materials) refs.materials.set(id, m);
  for (const [id, w] of more.refs.warehouses) refs.warehouses.set(id, w);
}

export function materialText(refs: References, materialId: number): string {
  const m = refs.materials.get(materialId);
  return m ? `${m.typeName} / ${m.colorName}` : `material ${materialId}`;
}

export function warehouseText(refs: References, warehouseId: number): string {
  return refs.warehouses.get(warehouseId) ?? `warehouse ${warehouseId}`;
}

/** 'm' material, 'w' warehouse, 's' supplier: the kinds the posting's reference query tags rows with. */
export type ReferenceKind = "m" | "w" | "s";

const MESSAGES: Record<ReferenceKind, string> = {
  s: errorText("SUPPLIER_ARCHIVED"),
  w: errorText("WAREHOUSE_ARCHIVED"),
  m: errorText("MATERIAL_ARCHIVED"),
};

/**
 * A new posting may not name an archived supplier, warehouse or material (issue 13, CONTRACT.md
 * section 5 "Archive"): one 400 issue at each field that does. Past transactions keep theirs.
 */
export function archivedIssues(
  input: ValidTransactionInput,
  isArchived: (kind: ReferenceKind, id: number) => boolean,
): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  // Stryker disable next-line ConditionalExpression: equivalent, no reference is archived under the id null
  if (input.supplierId !== null && isArchived("s", input.supplierId)) {
    issues.push({ path: "supplierId", message: MESSAGES.s });
  }
  for (const field of ["warehouseId", "sourceWarehouseId", "destinationWarehouseId"] as const) {
    const id = input[field];
    // Stryker disable next-line ConditionalExpression: equivalent, no reference is archived under the id null
    if (id !== null && isArchived("w", id)) issues.push({ path: field, message: MESSAGES.w });
  }
  input.items.forEach((item, i) => {
    if (isArchived("m", item.materialId)) issues.push({ path: `items.${i}.materialId`, message: MESSAGES.m });
  });
  return issues;
}
