import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { transactionSchemaFor } from "../../../domain/transaction";
import { checkRolls } from "../../check/rolls-check";
import { postTransaction } from "../../modules/transactions/posting.service";
import { testDialects } from "../../test/dialects";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before008 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "008-rolls"),
);

for (const dialect of testDialects()) {
  describe(`migration 008-rolls [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: one roll per stocked key, items counted, postings go on", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before008 });
      try {
        const k = db.kysely;
        const at = "2024-03-05T08:00:00.000Z";
        const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
          Number((await query.execute(k)).rows[0]?.id);
        const user = await one(sql<{
          id: number;
        }>`insert into users (username, username_key, password_hash, role, is_active, created_at)
          values ('clerk', 'clerk', 'x', 'clerk', 1, ${at}) returning id`);
        const supplier = await one(sql<{
          id: number;
        }>`insert into suppliers (name, name_key, contact_info, created_at)
          values ('Mill', 'mill', null, ${at}) returning id`);
        const [main, annex] = [
          await one(
            sql<{
              id: number;
            }>`insert into warehouses (name, name_key, location, created_at) values ('Main', 'main', null, ${at}) returning id`,
          ),
          await one(
            sql<{
              id: number;
            }>`insert into warehouses (name, name_key, location, created_at) values ('Annex', 'annex', null, ${at}) returning id`,
          ),
        ];
        const denim = await one(sql<{
          id: number;
        }>`insert into materials (type_name, type_key, color_name, color_key, color_code, created_at)
          values ('Denim', 'denim', 'Indigo', 'indigo', null, ${at}) returning id`);
        const header = (
          number: string,
          type: string,
          date: string,
          w: number | null,
          src: number | null,
          dst: number | null,
        ) =>
          one(sql<{
            id: number;
          }>`insert into transactions (transaction_number, transaction_type, transaction_date, supplier_id,
              warehouse_id, source_warehouse_id, destination_warehouse_id, reference_document, reason_code, notes, created_by, created_at)
            values (${number}, ${type}, ${date}, ${type === "Receive" ? supplier : null}, ${w}, ${src}, ${dst}, null, null, null, ${user}, ${at}) returning id`);
        const line = (t: number, batch: string, w: number, centi: number) =>
          sql`insert into transaction_lines (transaction_id, material_id, batch, warehouse_id, yards_change_centi, previous_centi, counted_centi)
            values (${t}, ${denim}, ${batch}, ${w}, ${centi}, null, null)`.execute(k);
        // Received D-1 (100 + 2.5) and D-2 (40) at Main; moved 30 of D-1 to Annex; used all of D-2.
        const rcv = await header("RCV-2024-00001", "Receive", "2024-02-01", main, null, null);
        await line(rcv, "D-1", main, 10000);
        await line(rcv, "D-1", main, 250);
        await line(rcv, "D-2", main, 4000);
        const trf = await header("TRF-2024-00001", "Transfer", "2024-02-10", null, main, annex);
        await line(trf, "D-1", main, -3000);
        await line(trf, "D-1", annex, 3000);
        const use = await header("USE-2024-00001", "Production Usage", "2024-02-11", main, null, null);
        await line(use, "D-2", main, -4000);
        for (const prefix of ["RCV", "TRF", "USE"]) {
          await sql`insert into number_sequences (prefix, year, last_value) values (${prefix}, 2024, 1)`.execute(
            k,
          );
        }
        for (const [batch, w, centi, first] of [
          ["D-1", main, 7250, "2024-02-01"],
          ["D-1", annex, 3000, "2024-02-10"],
          ["D-2", main, 0, "2024-02-01"],
        ] as const) {
          await sql`insert into balances (material_id, batch, warehouse_id, yards_centi, first_received, last_updated, low_at_centi)
            values (${denim}, ${batch}, ${w}, ${centi}, ${first}, ${at}, 0)`.execute(k);
        }
        // A small balance: below the default remnant limit of 3 yards once it is a roll.
        await sql`update balances set yards_centi = 250 where batch = 'D-1' and warehouse_id = ${annex}`.execute(
          k,
        );
        await line(trf, "D-1", annex, -2750);

        expect(await migrateToLatest(db)).toContain("008-rolls");

        const rolls = await k
          .selectFrom("rolls")
          .select([
            "id",
            "batch",
            "warehouse_id",
            "length_centi",
            "opening_centi",
            "received_centi",
            "status",
            "first_received",
            "parent_roll_id",
          ])
          .orderBy("id")
          .execute();
        expect(
          rolls.map((r) => [
            r.batch,
            r.warehouse_id,
            Number(r.length_centi),
            Number(r.opening_centi),
            r.status,
            r.first_received,
          ]),
        ).toEqual([
          ["D-1", main, 7250, 7250, "In Stock", "2024-02-01"],
          ["D-1", annex, 250, 250, "Remnant", "2024-02-10"],
        ]);
        const items = await k
          .selectFrom("transactions")
          .select(["transaction_number", "items_count"])
          .orderBy("id")
          .execute();
        expect(items.map((t) => [t.transaction_number, t.items_count])).toEqual([
          ["RCV-2024-00001", 3],
          ["TRF-2024-00001", 1],
          ["USE-2024-00001", 1],
        ]);
        const since = await k
          .selectFrom("schema_meta")
          .select("value")
          .where("key", "=", "rolls_from_line_id")
          .executeTakeFirstOrThrow();
        const lastLine = await k
          .selectFrom("transaction_lines")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirstOrThrow();
        expect(Number(since.value)).toBe(Number(lastLine.id));
        const remnant = await k
          .selectFrom("materials")
          .select("remnant_below_centi")
          .executeTakeFirstOrThrow();
        expect(remnant.remnant_below_centi).toBe(300);
        // Old lines name no roll, and that is no offence; the invariant holds from here on.
        expect(await checkRolls(k)).toEqual([]);

        // A posting after the upgrade cuts from the migrated roll and names it.
        const input = transactionSchemaFor("production-usage").parse({
          transactionDate: "2024-03-01",
          warehouseId: main,
          items: [{ materialId: denim, batch: "D-1", yards: 10 }],
        });
        const posted = await postTransaction(db, {
          kind: "production-usage",
          input,
          userId: user,
          now: new Date(),
        });
        expect(posted.body.details.map((d) => [d.rollId, d.yardsChange])).toEqual([[rolls[0]?.id, -10]]);
        expect(await checkRolls(k)).toEqual([]);
        // Rolls name existing materials; a length never goes below 0.
        await expect(
          sql`update rolls set length_centi = -1 where id = ${rolls[0]?.id}`.execute(k),
        ).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
