import type { Kysely } from "kysely";
import { errorText } from "../../domain/error-text";
import type { Database } from "../db/schema";
import { conflict, isForeignKeyViolation } from "../lib/http-errors";

/** Master data that the ledger and thresholds refer to; such rows are never deleted while referred to. */
export type ReferencedKind = "warehouse" | "supplier" | "material";

interface ReferenceCount {
  count: number;
  singular: string;
  plural: string;
}

async function count(query: Promise<{ n: number | string | bigint } | undefined>): Promise<number> {
  const row = await query;
  return Number(row?.n ?? 0);
}

/**
 * What refers to one row, by kind of referrer (CONTRACT.md section 5: an in-use delete names what
 * refers to it). A warehouse counts each transaction once, whether its header or its lines name it.
 */
export async function countReferences(
  db: Kysely<Database>,
  kind: ReferencedKind,
  id: number,
): Promise<ReferenceCount[]> {
  const transaction = { singular: "transaction", plural: "transactions" };
  const balance = { singular: "stock balance", plural: "stock balances" };
  const threshold = { singular: "threshold", plural: "thresholds" };
  switch (kind) {
    case "warehouse": {
      const ids = db
        .selectFrom("transactions")
        .select("id")
        .where((eb) =>
          eb.or([
            eb("warehouse_id", "=", id),
            eb("source_warehouse_id", "=", id),
            eb("destination_warehouse_id", "=", id),
          ]),
        )
        .union(
          db.selectFrom("transaction_lines").select("transaction_id as id").where("warehouse_id", "=", id),
        );
      return [
        {
          ...transaction,
          count: await count(
            db
              .selectFrom(ids.as("refs"))
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirst(),
          ),
        },
        {
          ...balance,
          count: await count(
            db
              .selectFrom("balances")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("warehouse_id", "=", id)
              .executeTakeFirst(),
          ),
        },
      ];
    }
    case "supplier":
      return [
        {
          ...transaction,
          count: await count(
            db
              .selectFrom("transactions")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("supplier_id", "=", id)
              .executeTakeFirst(),
          ),
        },
      ];
    case "material":
      return [
        {
          ...transaction,
          count: await count(
            db
              .selectFrom("transaction_lines")
              .select((eb) => eb.fn.count("transaction_id").distinct().as("n"))
              .where("material_id", "=", id)
              .executeTakeFirst(),
          ),
        },
        {
          ...balance,
          count: await count(
            db
              .selectFrom("balances")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("material_id", "=", id)
              .executeTakeFirst(),
          ),
        },
        {
          ...threshold,
          count: await count(
            db
              .selectFrom("thresholds")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("material_id", "=", id)
              .executeTakeFirst(),
          ),
        },
      ];
  }
}

/** "3 transactions and 2 stock balances refer to it", or null when nothing does. */
export function describeReferences(refs: ReferenceCount[]): string | null {
  const present = refs.filter((r) => r.count > 0);
  if (present.length === 0) return null;
  const parts = present.map((r) => `${r.count} ${r.count === 1 ? r.singular : r.plural}`);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  const total = present.reduce((sum, r) => sum + r.count, 0);
  return `${list} ${total === 1 ? "refers" : "refer"} to it`;
}

/** `label` names the row, e.g. `Warehouse "Main Store"`; the message offers archiving instead. */
export function inUse(label: string, what = "other records refer to it") {
  return conflict(errorText("CANNOT_DELETE_IN_USE", { record: label, uses: what }), "IN_USE");
}

/** Throws 409 when anything refers to the row; call inside the deleting transaction. */
export async function assertNotReferenced(
  db: Kysely<Database>,
  kind: ReferencedKind,
  id: number,
  label: string,
): Promise<void> {
  const what = describeReferences(await countReferences(db, kind, id));
  if (what) throw inUse(label, what);
}

/**
 * The database's foreign keys are the backstop: a reference made between the check and the delete
 * (another instance posting concurrently) fails the delete, which is answered with 409 too.
 */
export function foreignKeyAsInUse(label: () => string) {
  return (error: unknown): never => {
    if (isForeignKeyViolation(error)) throw inUse(label());
    throw error;
  };
}
