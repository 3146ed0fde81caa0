import { expect } from "vitest";
import type { Role } from "../../../domain/roles";
import type { Roll } from "../../../domain/roll";
import type { TestContext } from "../test-context";
import { postOk, TEST_DATE, type TwoOfEach, twoOfEach } from "./transactions";

/**
 * The rolls API tests' set-up and reads (rolls.test.ts, rolls-list.test.ts,
 * rolls-export-remnants.test.ts; not a test file itself): fresh master data for each test, GETs
 * that expect a status, the rolls list and its codes, the stored rolls and a usage.
 */

/** The helpers, bound to one suite's test context (call inside describeEachDialect). */
export function rollsApiHelpers(ctx: () => TestContext) {
  const db = () => ctx().db.kysely;
  let scene: TwoOfEach | undefined;
  const current = (): TwoOfEach => {
    if (!scene) throw new Error("no master data yet: call newScene in beforeEach");
    return scene;
  };

  /** New master data (two warehouses, two materials) that the helpers below default to. */
  async function newScene(): Promise<TwoOfEach> {
    scene = await twoOfEach(db());
    return scene;
  }

  const get = async (url: string, status = 200, role: Role = "viewer") => {
    const res = await ctx().request({ method: "GET", url, role });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const list = async (query: string, path = "/api/rolls"): Promise<Roll[]> =>
    (await get(`${path}?${query}`)).json();
  const codes = async (query: string, path = "/api/rolls") => (await list(query, path)).map((r) => r.code);
  /** The rolls of the master data's materials, in id order, straight from the table. */
  const stored = (materials = [current().mat, current().other]) =>
    db().selectFrom("rolls").selectAll().where("material_id", "in", materials).orderBy("id").execute();
  const usage = (items: unknown[], warehouseId = current().main) =>
    postOk(ctx(), "production-usage", { transactionDate: TEST_DATE, warehouseId, items });
  const materialOf = async (id: number) =>
    db()
      .selectFrom("materials")
      .select(["type_name", "color_name"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const warehouseName = async (id: number) =>
    (await db().selectFrom("warehouses").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;

  return { newScene, get, list, codes, stored, usage, materialOf, warehouseName };
}
