import { beforeAll, expect, it } from "vitest";
import { insertMaterial, insertWarehouse } from "../../test/fixtures";
import { csv, upload } from "../../test/imports-support";
import { expectLedgerConsistent, snapshot } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

// The server's clock: 28 November 2026, noon.
const NOW = new Date(2026, 10, 28, 12);

const HEADER =
  "Type,Color,Batch,Warehouse,Length (Yards),Ticket (Yards),Width (Inches),Bin,Unit Cost,Received Date";

/**
 * What an import's opening opname stores (posting/opening-rolls.ts): each stock row dated by its own
 * rolls, each roll's status from its material's remnant limit, and the limits a posting keeps.
 */
describeEachDialect(
  "posting opening rolls",
  (ctx) => {
    const db = () => ctx().db.kysely;
    let twill = 0;
    beforeAll(async () => {
      await insertWarehouse(db(), "Main");
      twill = await insertMaterial(db(), "Twill", "Navy");
      const voile = await insertMaterial(db(), "Voile", "White");
      await db()
        .updateTable("materials")
        .set({ remnant_below_centi: 1000 })
        .where("id", "=", twill)
        .execute();
      await db().updateTable("materials").set({ remnant_below_centi: 200 }).where("id", "=", voile).execute();
    });
    const row = (batch: string, yards: number, date: string, material = "Twill,Navy", cost = "") =>
      `${material},${batch},Main,${yards},,,,${cost},${date}`;
    const rolls = async () =>
      (
        await ctx().request({ method: "GET", url: "/api/rolls?sort=code&order=asc", role: "admin" })
      ).json() as { batch: string; lengthYards: number; status: string; firstReceived: string }[];

    it("dates each stock row by its own rolls' earliest receipt when the batches came in on different dates", async () => {
      // In key order: A and B on one date, C earlier, D on A's date again, E's rolls on two dates.
      const file = csv(
        HEADER,
        row("D", 4, "2025-02-01"),
        row("E", 5, "2025-04-01"),
        row("A", 1, "2025-02-01"),
        row("C", 3, "2025-01-01"),
        row("E", 6, "2025-03-15"),
        row("B", 2, "2025-02-01"),
      );
      const commit = await upload(ctx(), "opening-rolls", "commit", file, { filename: "dates.csv" });
      expect(commit.statusCode, commit.body).toBe(200);
      const balances = await db()
        .selectFrom("balances")
        .select(["batch", "yards_centi", "first_received"])
        .where("material_id", "=", twill)
        .orderBy("batch")
        .execute();
      expect(balances.map((b) => [b.batch, Number(b.yards_centi), b.first_received])).toEqual([
        ["A", 100, "2025-02-01"],
        ["B", 200, "2025-02-01"],
        ["C", 300, "2025-01-01"],
        ["D", 400, "2025-02-01"],
        ["E", 1100, "2025-03-15"],
      ]);
      const aging = await ctx().request({ method: "GET", url: "/api/reports/aging", role: "admin" });
      expect(
        aging.json().map((a: { batch: string; firstReceived: string }) => [a.batch, a.firstReceived]),
      ).toEqual([
        ["C", "2025-01-01"],
        ["A", "2025-02-01"],
        ["B", "2025-02-01"],
        ["D", "2025-02-01"],
        ["E", "2025-03-15"],
      ]);
      await expectLedgerConsistent(db());
    });

    it("makes a roll shorter than its material's remnant limit a Remnant, each material by its own limit", async () => {
      const file = csv(
        HEADER,
        row("R", 9.99, "2025-06-01"),
        row("R", 10, "2025-06-01"),
        row("R", 1.5, "2025-06-01", "Voile,White"),
        row("R", 2, "2025-06-01", "Voile,White"),
      );
      const commit = await upload(ctx(), "opening-rolls", "commit", file, { filename: "remnants.csv" });
      expect(commit.statusCode, commit.body).toBe(200);
      expect((await rolls()).filter((r) => r.batch === "R").map((r) => [r.lengthYards, r.status])).toEqual([
        [9.99, "Remnant"],
        [10, "In Stock"],
        [1.5, "Remnant"],
        [2, "In Stock"],
      ]);
      await expectLedgerConsistent(db());
    });

    it("refuses (409) an import past a roll's value limit or a stock row's yards limit, saving nothing", async () => {
      const before = await snapshot(db());
      const worth = await upload(
        ctx(),
        "opening-rolls",
        "commit",
        csv(
          HEADER,
          row("V", 1, "2025-06-01"),
          row("V", 1_000_000_000, "2025-06-01", "Twill,Navy", "1000000"),
        ),
      );
      expect(worth.statusCode, worth.body).toBe(409);
      expect(worth.json()).toMatchObject({
        code: "VALUE_LIMIT",
        message:
          "A roll of this posting would be worth more than 900,719,925,474.0991, the most one roll, batch or warehouse may be worth and stay exact to the ten-thousandth. Nothing was saved.",
      });
      // Eleven rolls of a billion yards in one stock row: past its ten billion.
      const many = csv(HEADER, ...Array.from({ length: 11 }, () => row("L", 1_000_000_000, "2025-06-01")));
      const long = await upload(ctx(), "opening-rolls", "commit", many);
      expect(long.statusCode, long.body).toBe(409);
      expect(long.json()).toMatchObject({
        code: "BALANCE_LIMIT",
        message:
          "The stock of Twill / Navy, batch L at Main would exceed 10,000,000,000.00 yards, the most one stock row may hold: 0.00 yards now, 11,000,000,000.00 added. Nothing was saved.",
      });
      expect(await snapshot(db())).toEqual(before);
    });
  },
  { now: () => NOW },
);
