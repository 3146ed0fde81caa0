import type { Kysely } from "kysely";
import { errorText } from "../../../domain/error-text";
import { localIsoDate, type ValidItem, type ValidTransactionInput } from "../../../domain/transaction";
import type { User } from "../../../domain/user";
import { type Db, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import { AppError, isUniqueViolation } from "../../lib/http-errors";
import { collectGarbage } from "../../plugins/idle-memory";
import { postInTransaction, postingBackstop } from "../transactions/posting.service";
import { ImportRefused, type ImportResult } from "./import-plan";
import { fingerprintOf, type OpeningRow, planOpeningRolls } from "./opening-rolls-rows";
import type { Sheet } from "./read-sheet";

const KIND = "opening-rolls";
const REFERENCE_MAX = 200;
/** From this many rolls, a full collection runs before each opname (see the loop in the commit). */
const LARGE_IMPORT_ROWS = 5000;

async function earlierImport(db: Kysely<Database>, fingerprint: string) {
  return db
    .selectFrom("imported_files")
    .select(["transaction_numbers", "created_at", "file_name"])
    .where("kind", "=", KIND)
    .where("fingerprint", "=", fingerprint)
    .executeTakeFirst();
}

function alreadyImported(numbers: string | null): AppError {
  const posted = numbers ? ` (${numbers})` : "";
  return new AppError(409, "ALREADY_IMPORTED", errorText("OPENING_ROLLS_ALREADY_IMPORTED", { posted }));
}

/** The rows of each warehouse, warehouses in id order (the order their opnames are posted). */
function byWarehouse(rows: readonly OpeningRow[]): [number, OpeningRow[]][] {
  const groups = new Map<number, OpeningRow[]>();
  for (const r of rows) {
    const list = groups.get(r.warehouseId) ?? [];
    list.push(r);
    groups.set(r.warehouseId, list);
  }
  return [...groups].sort(([a], [b]) => a - b);
}

/**
 * One warehouse's Stock Opname (CONTRACT.md section 13): a new roll per row. It is dated the
 * earliest received date of its rolls (today when none is given), so stock as of any date from a
 * roll's receipt on includes it and a posting dated after a roll's receipt never takes stock as of
 * a date below zero (docs/behaviour.md, Importing from spreadsheets).
 */
function opnameOf(warehouseId: number, rows: readonly OpeningRow[], today: string, fileName: string | null) {
  const dates = rows.map((r) => r.receivedDate ?? today);
  const transactionDate = dates.reduce((a, b) => (b < a ? b : a));
  const items = rows.map(
    (r, i): ValidItem => ({
      materialId: r.materialId,
      batch: r.batch,
      yards: null,
      countedYards: null,
      systemYards: null,
      rollId: null,
      destinationBin: null,
      rolls: [
        { lengthYards: r.lengthYards, ticketYards: r.ticketYards, widthInches: r.widthInches, bin: r.bin },
      ],
      unitCost: r.unitCost,
      receivedDate: dates[i] as string,
    }),
  );
  const input: ValidTransactionInput = {
    transactionDate,
    notes: "Opening stock",
    referenceDocument: fileName ? fileName.slice(0, REFERENCE_MAX) : null,
    supplierId: null,
    warehouseId,
    sourceWarehouseId: null,
    destinationWarehouseId: null,
    reasonCode: null,
    items,
  };
  return input;
}

/**
 * Opening rolls: preview plans and writes nothing (and warns when the file was imported already);
 * commit plans again inside its write transaction, claims the file's fingerprint (the second of two
 * racing commits of one file fails there), and posts one opname per warehouse through the posting,
 * all in that one transaction: everything or nothing.
 */
export async function importOpeningRolls(
  db: Db,
  sheet: Sheet,
  mode: "preview" | "commit",
  by: Pick<User, "id" | "username">,
  now: Date,
  fileName: string | null,
): Promise<ImportResult> {
  if (mode === "preview") {
    const plan = await planOpeningRolls(db.kysely, sheet, now);
    if (plan.result.errors.length === 0) {
      const earlier = await earlierImport(db.kysely, fingerprintOf(plan.rows));
      if (earlier) {
        plan.result.warnings.push(
          errorText("IMPORT_FILE_IMPORTED_ALREADY", { numbers: earlier.transaction_numbers ?? "" }),
        );
      }
    }
    return plan.result;
  }
  const today = localIsoDate(now);
  let fingerprint: string | null = null;
  try {
    return await withWriteTransaction(db, async (trx) => {
      const plan = await planOpeningRolls(trx, sheet, now);
      if (plan.result.errors.length > 0) throw new ImportRefused(plan.result);
      // The sheet's cells (~45 MB at 100,000 rows) are not needed past the plan: let them go
      // before the postings (the import's memory, scripts/lib/bench-import.ts).
      sheet.rows = [];
      fingerprint = fingerprintOf(plan.rows);
      const earlier = await earlierImport(trx, fingerprint);
      if (earlier) throw alreadyImported(earlier.transaction_numbers);
      const claim = await trx
        .insertInto("imported_files")
        .values({
          kind: KIND,
          fingerprint,
          file_name: fileName,
          rows: plan.rows.length,
          transaction_numbers: "",
          created_by: by.id,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const numbers: string[] = [];
      // Each warehouse's rows are let go once its opname is posted (the import's memory).
      const large = plan.rows.length >= LARGE_IMPORT_ROWS;
      const groups = byWarehouse(plan.rows);
      plan.rows = [];
      for (let group = groups.shift(); group; group = groups.shift()) {
        const [warehouseId, rows] = group;
        // What the plan (the sheet's cells) or the last opname (its items, rolls, lines, answer)
        // held is garbage now, ~35 MB of it per 20,000 rolls: collected here, the next opname
        // reuses the space instead of growing the heap to V8's limit (100,000 rolls: peak RSS
        // 325 -> 220 MB, scripts/lib/bench-import.ts), for ~150 ms a collection.
        if (large) collectGarbage();
        const posted = await postInTransaction(trx, db.dialect, {
          kind: "stock-opname",
          input: opnameOf(warehouseId, rows, today, fileName),
          userId: by.id,
          username: by.username,
          now,
        });
        plan.result.transactionIds.push(posted.body.header.id);
        numbers.push(posted.body.header.transactionNumber);
      }
      await trx
        .updateTable("imported_files")
        .set({ transaction_numbers: numbers.join(", ") })
        .where("id", "=", claim.id)
        .execute();
      return plan.result;
    });
  } catch (error) {
    if (fingerprint !== null && isUniqueViolation(error)) {
      // Another commit of the same file won the race; it has committed by now.
      const earlier = await earlierImport(db.kysely, fingerprint);
      throw alreadyImported(earlier?.transaction_numbers ?? null);
    }
    throw postingBackstop(error);
  }
}
