import type { Kysely } from "kysely";
import { formatRollCode } from "../../../../domain/roll";
import type { ValidTransactionInput } from "../../../../domain/transaction";
import { KIND_INFO, type TransactionKind } from "../../../../domain/transaction-kinds";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { centiToYards } from "../../../../domain/yards";
import type { Database } from "../../../db/schema";
import type { WrittenLine } from "./apply-rolls";
import type { WrittenPosting } from "./ledger";
import type { References } from "./references";

/** Shown as createdBy: the request's username, looked up when absent (scripts post without a request). */
export async function createdByOf(
  db: Kysely<Database>,
  user: { userId: number; username?: string },
): Promise<string> {
  // Stryker disable next-line ConditionalExpression: equivalent, a request's username is its user's; the lookup would only cost a statement
  if (user.username != null) return user.username;
  // The posting's user exists: transactions.created_by references it, and users are never deleted.
  const row = await db
    .selectFrom("users")
    .select("username")
    .where("id", "=", user.userId)
    .executeTakeFirstOrThrow();
  return row.username;
}

/**
 * The answer step: the answer, built from what was just written (no read-back inside the
 * locked section); its shape is GET /api/transactions/:id's, which the tests compare.
 */
export function answerOf(
  kind: TransactionKind,
  input: ValidTransactionInput,
  refs: References,
  written: WrittenPosting,
  lines: readonly WrittenLine[],
  createdBy: string,
  now: string,
  mixedLots: boolean,
): TransactionDetail {
  // Stryker disable next-line ConditionalExpression: equivalent, no warehouse has a null id, so looking it up gives null too
  const name = (id: number | null) => (id === null ? null : (refs.warehouses.get(id) ?? null));
  return {
    header: {
      id: written.id,
      transactionNumber: written.transactionNumber,
      transactionType: KIND_INFO[kind].type,
      transactionDate: input.transactionDate,
      // Stryker disable next-line ConditionalExpression: equivalent, no supplier has a null id, so looking it up gives null too
      supplierName: input.supplierId === null ? null : (refs.suppliers.get(input.supplierId) ?? null),
      sourceName: name(input.sourceWarehouseId),
      destinationName: name(input.destinationWarehouseId),
      warehouseName: name(input.warehouseId),
      referenceDocument: input.referenceDocument,
      reasonCode: input.reasonCode,
      notes: input.notes,
      createdBy,
      createdAt: now,
      mixedLots,
      reversesId: null,
      reversesNumber: null,
      reversalReason: null,
      reversedById: null,
      reversedByNumber: null,
    },
    details: lines.map((l, i) => {
      const material = refs.materials.get(l.materialId);
      return {
        id: written.lineIds[i] as number,
        materialId: l.materialId,
        // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, refs names every material of the posting's items (references.ts)
        typeName: material?.typeName ?? "",
        // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, as above
        colorName: material?.colorName ?? "",
        batch: l.batch,
        warehouseId: l.warehouseId,
        // Stryker disable next-line StringLiteral: equivalent, refs names every warehouse of the posting (references.ts)
        warehouseName: name(l.warehouseId) ?? "",
        yardsChange: centiToYards(l.deltaCenti),
        previousYards: l.previousCenti === null ? null : centiToYards(l.previousCenti),
        countedYards: l.countedCenti === null ? null : centiToYards(l.countedCenti),
        rollId: l.rollId,
        rollCode: l.rollId === null ? null : formatRollCode(l.rollId),
      };
    }),
  };
}
