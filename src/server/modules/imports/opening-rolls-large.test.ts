import { beforeAll, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { insertMaterial, insertWarehouse } from "../../test/fixtures";
import { csv, upload } from "../../test/imports-support";
import { expectLedgerConsistent } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

const NOW = new Date(2026, 10, 28, 12);
const HEADER =
  "Type,Color,Batch,Warehouse,Length (Yards),Ticket (Yards),Width (Inches),Bin,Unit Cost,Received Date";
const WAREHOUSES = ["North", "South", "East"];
const ROWS = 6000;

/** Row i of the file: its warehouse, batch and length repeat, as a real stock take's do. */
function rollOf(i: number) {
  return {
    type: i % 2 === 0 ? "Denim" : "Twill",
    color: "Indigo",
    batch: `B-${i % 7}`,
    warehouse: WAREHOUSES[i % WAREHOUSES.length] as string,
    lengthCenti: 1000 + ((i * 37) % 500),
    bin: `A-${i % 11}`,
    date: `2025-0${1 + (i % 9)}-1${i % 10}`,
  };
}

/**
 * An import large enough to take the memory-saving path (opening-rolls-import.ts: rows let go per
 * warehouse, a collection before each opname; read-sheet.ts: repeated cells held once): it posts
 * every roll, each warehouse's opname its own rows, and reads the same as CSV and as XLSX.
 */
describeEachDialect(
  "importing many opening rolls",
  (ctx) => {
    const ids = new Map<string, number>();
    beforeAll(async () => {
      const db = ctx().db.kysely;
      for (const name of WAREHOUSES) ids.set(name, await insertWarehouse(db, name));
      await insertMaterial(db, "Denim", "Indigo");
      await insertMaterial(db, "Twill", "Indigo");
    });
    const rolls = Array.from({ length: ROWS }, (_, i) => rollOf(i));
    const file = csv(
      HEADER,
      ...rolls.map((r) =>
        [
          r.type,
          r.color,
          r.batch,
          r.warehouse,
          (r.lengthCenti / 100).toFixed(2),
          "",
          "58",
          r.bin,
          "4.25",
          r.date,
        ].join(","),
      ),
    );

    it("posts one opname per warehouse holding exactly that warehouse's rolls", async () => {
      const commit = await upload(ctx(), "opening-rolls", "commit", file, { filename: "take.csv" });
      expect(commit.statusCode, commit.body).toBe(200);
      expect(commit.json()).toMatchObject({ rows: ROWS, created: ROWS, errors: [] });
      expect(commit.json().transactionIds).toHaveLength(WAREHOUSES.length);
      const db = ctx().db.kysely;
      // Opnames are posted in warehouse id order, each roll in file order: every cell kept.
      const stored = await db
        .selectFrom("rolls")
        .select(["warehouse_id", "batch", "bin", "length_centi", "first_received"])
        .orderBy("id")
        .execute();
      expect(
        stored.map((r) => [r.warehouse_id, r.batch, r.bin, Number(r.length_centi), r.first_received]),
      ).toEqual(
        WAREHOUSES.flatMap((name) =>
          rolls
            .filter((r) => r.warehouse === name)
            .map((r) => [ids.get(name), r.batch, r.bin, r.lengthCenti, r.date]),
        ),
      );
      for (const name of WAREHOUSES) {
        const lines = await db
          .selectFrom("transaction_lines")
          .innerJoin("transactions", "transactions.id", "transaction_lines.transaction_id")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("transactions.warehouse_id", "=", ids.get(name) as number)
          .executeTakeFirstOrThrow();
        expect(Number(lines.n), name).toBe(rolls.filter((r) => r.warehouse === name).length);
      }
      await expectLedgerConsistent(db);

      // The same rolls as a workbook read to the same values: the file is known, a commit refused.
      const text = (value: string) => ({ value });
      const num = (value: number) => ({ type: Number, value });
      const workbook = await writeXlsxFile(
        [
          HEADER.split(",").map(text),
          ...rolls.map((r) => [
            text(r.type),
            text(r.color),
            text(r.batch),
            text(r.warehouse),
            num(r.lengthCenti / 100),
            null,
            num(58),
            text(r.bin),
            num(4.25),
            text(r.date),
          ]),
        ] as never,
        { buffer: true },
      );
      const again = await upload(ctx(), "opening-rolls", "commit", workbook, { filename: "take.xlsx" });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().code).toBe("ALREADY_IMPORTED");
    });
  },
  { now: () => NOW },
);
