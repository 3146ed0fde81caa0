import { type Kysely, sql } from "kysely";
import {
  formatTransactionNumber,
  latestTransactionDate,
  planPosting,
  type TransactionDetail,
  type ValidTransactionInput,
} from "../../../domain/transaction";
import { KIND_INFO, type TransactionKind } from "../../../domain/transaction-kinds";
import { centiToYards, formatYards, MAX_BALANCE_YARDS } from "../../../domain/yards";
import { type Db, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import {
  AppError,
  badRequest,
  conflict,
  type ErrorIssue,
  isCheckViolation,
  isForeignKeyViolation,
} from "../../lib/http-errors";
import { aggregateChanges, applyAggregateChanges, withAggregateChanges } from "../dashboard/aggregates";
import { archivedIssues } from "./archived-references";
import { applyChanges, applyCounts, keyString, netChanges, type Overflow, type Shortage } from "./balances";
import { claimIdempotencyKey, requestHash, storeResponse } from "./idempotency";
import { applyMaterialTotals, materialTotalChanges } from "./material-totals";
import { nextSequenceValue } from "./numbering";

export interface PostingRequest {
  kind: TransactionKind;
  input: ValidTransactionInput;
  userId: number;
  /** Shown as createdBy in the answer; looked up when absent (scripts post without a request). */
  username?: string;
  now: Date;
  idempotencyKey?: string | null;
}

export interface PostingResult {
  status: number;
  body: TransactionDetail;
}

interface References {
  suppliers: Map<number, string>;
  warehouses: Map<number, string>;
  materials: Map<number, { typeName: string; colorName: string }>;
}

/**
 * Loads the supplier, warehouses and materials a posting names, in one round trip, and refuses the
 * posting (400, one issue per field) when one does not exist or is archived. The names serve the answer and the
 * 409 message.
 */
async function loadReferences(db: Kysely<Database>, input: ValidTransactionInput): Promise<References> {
  const warehouseIds = [input.warehouseId, input.sourceWarehouseId, input.destinationWarehouseId].filter(
    (id): id is number => id !== null,
  );
  const materialIds = [...new Set(input.items.map((i) => i.materialId))];
  let query = db
    .selectFrom("materials")
    .select(["id", sql<string>`'m'`.as("kind"), "type_name as name", "color_name as extra", "is_active"])
    .where("id", "in", materialIds);
  if (warehouseIds.length > 0) {
    query = query.unionAll(
      db
        .selectFrom("warehouses")
        .select(["id", sql<string>`'w'`.as("kind"), "name", sql<string>`''`.as("extra"), "is_active"])
        .where("id", "in", warehouseIds),
    );
  }
  if (input.supplierId !== null) {
    query = query.unionAll(
      db
        .selectFrom("suppliers")
        .select(["id", sql<string>`'s'`.as("kind"), "name", sql<string>`''`.as("extra"), "is_active"])
        .where("id", "=", input.supplierId),
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

  const issues: ErrorIssue[] = [];
  if (input.supplierId !== null && !refs.suppliers.has(input.supplierId)) {
    issues.push({ path: "supplierId", message: "That supplier does not exist." });
  }
  for (const field of ["warehouseId", "sourceWarehouseId", "destinationWarehouseId"] as const) {
    const id = input[field];
    if (id !== null && !refs.warehouses.has(id))
      issues.push({ path: field, message: "That warehouse does not exist." });
  }
  input.items.forEach((item, i) => {
    if (!refs.materials.has(item.materialId)) {
      issues.push({ path: `items.${i}.materialId`, message: "That material does not exist." });
    }
  });
  issues.push(...archivedIssues(input, (kind, id) => archived.has(`${kind}${id}`)));
  const first = issues[0];
  if (first) throw badRequest(`${first.path}: ${first.message}`, issues);
  return refs;
}

async function usernameOf(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  return row?.username ?? "";
}

/** The 409 of a posting refused by a balance: too little stock, or more than a balance may hold. */
function balanceError(
  refusal: Shortage | Overflow,
  refs: References,
  input: ValidTransactionInput,
): AppError {
  const material = refs.materials.get(refusal.materialId);
  const warehouse = refs.warehouses.get(refusal.warehouseId) ?? `warehouse ${refusal.warehouseId}`;
  const what = material ? `${material.typeName} / ${material.colorName}` : `material ${refusal.materialId}`;
  const available = formatYards(centiToYards(refusal.availableCenti));
  const message =
    refusal.reason === "shortage"
      ? `Not enough stock of ${what}, batch ${refusal.batch} at ${warehouse}: ` +
        `${available} yards available, ${formatYards(centiToYards(refusal.requestedCenti))} requested.`
      : `The stock of ${what}, batch ${refusal.batch} at ${warehouse} would exceed ` +
        `${formatYards(MAX_BALANCE_YARDS)} yards, the most one stock row may hold: ${available} yards now, ` +
        `${formatYards(centiToYards(refusal.addedCenti))} added. Nothing was saved.`;
  const index = input.items.findIndex(
    (i) => i.materialId === refusal.materialId && i.batch === refusal.batch,
  );
  const code = refusal.reason === "shortage" ? "INSUFFICIENT_STOCK" : "BALANCE_LIMIT";
  return new AppError(409, code, message, [{ path: `items.${Math.max(index, 0)}.yards`, message }]);
}

/**
 * Posts one transaction (CONTRACT.md section 2): header, lines, balances and the dashboard's
 * aggregates in ONE database transaction, or nothing. Order inside it: idempotency key, references,
 * balance rows (fixed key order), material totals (key order), number, header, lines, warehouse totals (ascending warehouse id),
 * the day's movement, stored response. Locks are therefore always taken in that order, so
 * concurrent postings cannot deadlock, and the per-kind number row is held only briefly.
 */
export async function postTransaction(db: Db, request: PostingRequest): Promise<PostingResult> {
  const { kind, input, userId } = request;
  const latest = latestTransactionDate(request.now);
  if (input.transactionDate > latest) {
    const message = `The transaction date cannot be later than tomorrow (${latest}).`;
    throw badRequest(message, [{ path: "transactionDate", message }]);
  }
  const now = request.now.toISOString();
  const key = request.idempotencyKey || null;
  const hash = key ? requestHash(kind, input) : "";
  const plan = planPosting(kind, input);

  try {
    return await withWriteTransaction(db, async (trx) => {
      if (key) {
        const prior = await claimIdempotencyKey(trx, userId, key, hash, now);
        if (prior) return prior as PostingResult;
      }
      const refs = await loadReferences(trx, input);

      let lines: {
        material_id: number;
        batch: string;
        warehouse_id: number;
        yards_change_centi: number;
        previous_centi: number | null;
        counted_centi: number | null;
      }[];
      if (plan.mode === "delta") {
        const refusal = await applyChanges(trx, netChanges(plan.lines), input.transactionDate, now);
        if (refusal) throw balanceError(refusal, refs, input);
        lines = plan.lines.map((l) => ({
          material_id: l.materialId,
          batch: l.batch,
          warehouse_id: l.warehouseId,
          yards_change_centi: l.deltaCenti,
          previous_centi: null,
          counted_centi: null,
        }));
      } else {
        const previous = await applyCounts(trx, db.dialect, plan.lines, input.transactionDate, now);
        lines = plan.lines.map((l) => {
          const before = previous.get(keyString(l)) ?? 0;
          return {
            material_id: l.materialId,
            batch: l.batch,
            warehouse_id: l.warehouseId,
            yards_change_centi: l.countedCenti - before,
            previous_centi: before,
            counted_centi: l.countedCenti,
          };
        });
      }

      // Each material's total per warehouse right after its balances (decision 006): every posting
      // locks balances, then totals, in key order, as the threshold change's lock takes them.
      await applyMaterialTotals(trx, materialTotalChanges(lines));

      // The number is taken after the balances: its row stays locked until commit, so it is held
      // only for the header and lines inserts and the two small aggregate upserts.
      const sequence = await nextSequenceValue(
        trx,
        KIND_INFO[kind].prefix,
        Number(input.transactionDate.slice(0, 4)),
      );
      const transactionNumber = formatTransactionNumber(kind, input.transactionDate, sequence);
      const header = await trx
        .insertInto("transactions")
        .values({
          transaction_number: transactionNumber,
          transaction_type: KIND_INFO[kind].type,
          transaction_date: input.transactionDate,
          supplier_id: input.supplierId,
          warehouse_id: input.warehouseId,
          source_warehouse_id: input.sourceWarehouseId,
          destination_warehouse_id: input.destinationWarehouseId,
          reference_document: input.referenceDocument,
          reason_code: input.reasonCode,
          notes: input.notes,
          created_by: userId,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const aggregates = aggregateChanges({
        transactionType: KIND_INFO[kind].type,
        transactionDate: input.transactionDate,
        lines: lines.map((l) => ({ warehouseId: l.warehouse_id, deltaCenti: l.yards_change_centi })),
      });
      // One multi-row insert (at most 1000 lines x 7 values, within both engines' parameter limits).
      // Ids are assigned in VALUES order on both engines; RETURNING's order is not promised, so sort.
      // On PostgreSQL the dashboard's aggregate upserts ride on it as CTEs (no extra round trip
      // while the number row is held); on SQLite they are two in-process statements after it.
      const lineIds = (
        await (db.dialect === "postgres" ? withAggregateChanges(trx, aggregates) : trx)
          .insertInto("transaction_lines")
          .values(lines.map((l) => ({ ...l, transaction_id: header.id })))
          .returning("id")
          .execute()
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
      if (db.dialect === "sqlite") await applyAggregateChanges(trx, aggregates);

      // The answer is built from what was just written (no read-back inside the locked section);
      // its shape is GET /api/transactions/:id's, which the tests compare.
      const name = (id: number | null) => (id === null ? null : (refs.warehouses.get(id) ?? null));
      const detail: TransactionDetail = {
        header: {
          id: header.id,
          transactionNumber,
          transactionType: KIND_INFO[kind].type,
          transactionDate: input.transactionDate,
          supplierName: input.supplierId === null ? null : (refs.suppliers.get(input.supplierId) ?? null),
          sourceName: name(input.sourceWarehouseId),
          destinationName: name(input.destinationWarehouseId),
          warehouseName: name(input.warehouseId),
          referenceDocument: input.referenceDocument,
          reasonCode: input.reasonCode,
          notes: input.notes,
          createdBy: request.username ?? (await usernameOf(trx, userId)),
          createdAt: now,
        },
        details: lines.map((l, i) => {
          const material = refs.materials.get(l.material_id);
          return {
            id: lineIds[i] as number,
            materialId: l.material_id,
            typeName: material?.typeName ?? "",
            colorName: material?.colorName ?? "",
            batch: l.batch,
            warehouseId: l.warehouse_id,
            warehouseName: name(l.warehouse_id) ?? "",
            yardsChange: centiToYards(l.yards_change_centi),
            previousYards: l.previous_centi === null ? null : centiToYards(l.previous_centi),
            countedYards: l.counted_centi === null ? null : centiToYards(l.counted_centi),
          };
        }),
      };
      const result: PostingResult = { status: 201, body: detail };
      if (key) await storeResponse(trx, userId, key, result);
      return result;
    });
  } catch (error) {
    // Backstops: the CHECK (yards_centi >= 0) and the foreign keys, should a rule above be bypassed
    // by a concurrent change (a master-data row deleted between our check and our insert).
    if (isCheckViolation(error)) {
      throw conflict("Not enough stock for this posting; nothing was saved.", "INSUFFICIENT_STOCK");
    }
    if (isForeignKeyViolation(error)) {
      throw badRequest(
        "A supplier, warehouse or material of this posting no longer exists; nothing was saved.",
      );
    }
    throw error;
  }
}
