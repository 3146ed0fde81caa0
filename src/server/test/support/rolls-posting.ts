import type { TestContext } from "../test-context";
import { type MasterData, post, TEST_DATE } from "./transactions";

/**
 * Helpers of the posting-with-rolls suites (rolls-posting, rolls-transfer-count and rolls-check tests;
 * not a test file itself), over the master data of the running test: its two materials, and its first
 * warehouse as the one production usage takes from.
 */
export function rollHelpers(ctx: () => TestContext, md: () => MasterData) {
  const db = () => ctx().db.kysely;
  const rollsOf = (batch: string) =>
    db()
      .selectFrom("rolls")
      .select([
        "id",
        "warehouse_id",
        "length_centi",
        "opening_centi",
        "received_centi",
        "ticket_centi",
        "width_centi",
        "bin",
        "parent_roll_id",
        "supplier_id",
        "status",
        "first_received",
      ])
      .where("material_id", "in", md().materials)
      .where("batch", "=", batch)
      .orderBy("id")
      .execute();
  /** The batch's roll ids in creation order (a test names as many as it made). */
  const ids = async (batch: string) =>
    (await rollsOf(batch)).map((r) => r.id) as [number, number, number, number, number];
  const lengths = async (batch: string) =>
    (await rollsOf(batch)).map((r) => [r.warehouse_id, Number(r.length_centi) / 100]);
  const lineRolls = (detail: { details: { rollId: number | null; yardsChange: number }[] }) =>
    detail.details.map((d) => [d.rollId, d.yardsChange]);
  const usage = (items: unknown[], date = TEST_DATE) =>
    post(ctx(), "production-usage", { transactionDate: date, warehouseId: md().warehouses[0], items });
  return { rollsOf, ids, lengths, lineRolls, usage };
}
