import { beforeAll, expect, it } from "vitest";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "../test/fixtures";
import { describeEachDialect } from "../test/test-context";

/** `sort`/`order` on the master-data lists (setup screens) and their CSV. Own database. */
describeEachDialect("sorting the master-data lists", (ctx) => {
  beforeAll(async () => {
    const db = ctx().db.kysely;
    await insertWarehouse(db, "beta", "Zeta St");
    await insertWarehouse(db, "Alpha");
    await insertWarehouse(db, "Gamma", "Ant Rd");
    await insertSupplier(db, "beta");
    await insertSupplier(db, "Alpha");
    const navy = await insertMaterial(db, "Cotton", "Navy", "#000080");
    const linen = await insertMaterial(db, "Linen", "Apricot");
    const beige = await insertMaterial(db, "cotton twill", "Beige", "#F5F5DC");
    await insertThreshold(db, navy, 20);
    await insertThreshold(db, navy, 10, "A1");
    await insertThreshold(db, linen, 5, "Z9", false);
    await insertThreshold(db, beige, 30);
  });

  const get = async (url: string, status = 200) => {
    const res = await ctx().request({ method: "GET", url, role: "admin" });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const list = async <T>(url: string): Promise<T[]> => (await get(url)).json();

  it.each([
    ["", ["Alpha", "beta", "Gamma"]],
    ["sort=name&order=desc", ["Gamma", "beta", "Alpha"]],
    ["order=desc", ["Gamma", "beta", "Alpha"]],
    ["sort=location", ["Gamma", "beta", "Alpha"]], // no location: last
    ["sort=location&order=desc", ["beta", "Gamma", "Alpha"]],
  ])("warehouses ?%s", async (query, expected) => {
    expect((await list<{ name: string }>(`/api/warehouses?${query}`)).map((w) => w.name)).toEqual(expected);
  });

  it("suppliers sort by name and contact info; the CSV follows the sort", async () => {
    const names = async (q: string) =>
      (await list<{ name: string }>(`/api/suppliers?${q}`)).map((s) => s.name);
    expect(await names("sort=name&order=desc")).toEqual(["beta", "Alpha"]);
    expect(await names("sort=contactInfo")).toEqual(["Alpha", "beta"]);
    const csv = await get("/api/warehouses?format=csv&sort=location&order=desc");
    const [head = "", ...lines] = csv.body.trim().split(/\r?\n/);
    const nameAt = head.split(",").indexOf("Name");
    expect(lines.map((l) => l.split(",")[nameAt])).toEqual(["beta", "Gamma", "Alpha"]);
  });

  it.each([
    ["", ["Cotton Navy", "cotton twill Beige", "Linen Apricot"]],
    ["sort=colorName", ["Linen Apricot", "cotton twill Beige", "Cotton Navy"]],
    ["sort=colorCode", ["Cotton Navy", "cotton twill Beige", "Linen Apricot"]],
    ["sort=colorCode&order=desc", ["cotton twill Beige", "Cotton Navy", "Linen Apricot"]],
    ["sort=typeName&order=desc", ["Linen Apricot", "cotton twill Beige", "Cotton Navy"]],
  ])("materials ?%s", async (query, expected) => {
    const rows = await list<{ typeName: string; colorName: string }>(`/api/materials?${query}`);
    expect(rows.map((m) => `${m.typeName} ${m.colorName}`)).toEqual(expected);
  });

  it.each([
    ["", ["Navy -", "Navy A1", "Beige -", "Apricot Z9"]],
    ["sort=thresholdYards", ["Apricot Z9", "Navy A1", "Navy -", "Beige -"]],
    ["sort=thresholdYards&order=desc", ["Beige -", "Navy -", "Navy A1", "Apricot Z9"]],
    ["sort=batch&order=desc", ["Apricot Z9", "Navy A1", "Beige -", "Navy -"]],
    ["sort=isActive", ["Apricot Z9", "Navy -", "Navy A1", "Beige -"]],
  ])("thresholds ?%s", async (query, expected) => {
    const rows = await list<{ colorName: string; batch: string | null }>(`/api/thresholds?${query}`);
    expect(rows.map((t) => `${t.colorName} ${t.batch ?? "-"}`)).toEqual(expected);
  });

  it("users sort by username, role and creation", async () => {
    const users = await list<{ username: string; role: string }>("/api/users?sort=role&order=desc");
    const roles = users.map((u) => u.role);
    expect(roles).toEqual([...roles].sort().reverse());
    const names = (await list<{ username: string }>("/api/users?sort=username&order=desc")).map(
      (u) => u.username,
    );
    expect(names).toEqual([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    expect(names.length).toBeGreaterThan(1);
  });

  it("refuses an unknown column or order with 400", async () => {
    for (const url of [
      "/api/warehouses?sort=typeName",
      "/api/suppliers?order=up",
      "/api/materials?sort=name",
      "/api/thresholds?sort=availableYards",
      "/api/users?sort=password",
      "/api/warehouses?format=csv&sort=nope",
    ]) {
      const res = await get(url, 400);
      expect(res.json().issues[0].path).toMatch(/^(sort|order)$/);
    }
  });
});
