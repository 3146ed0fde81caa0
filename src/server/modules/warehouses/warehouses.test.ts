import { expect, it } from "vitest";
import { isForeignKeyViolation } from "../../lib/http-errors";
import { insertMaterial } from "../../test/fixtures";
import {
  api,
  countRows,
  expectAdminOnlyWrites,
  expectDocumented,
  expectError,
  expectIssues,
  insertBalanceRow,
  insertLineRow,
  insertTransactionRow,
} from "../../test/support/master-data";
import { describeEachDialect } from "../../test/test-context";
import { foreignKeyAsInUse } from "../references";
import { deleteWarehouse } from "./warehouses.repository";

describeEachDialect("warehouses API", (ctx) => {
  const http = api(ctx);

  const create = async (name: string, location: string | null = null) => {
    const res = await http.post("/api/warehouses", { name, location });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string; location: string | null };
  };

  it("adds warehouses, trimming names, and lists them by name", async () => {
    const res = await http.post("/api/warehouses", { name: "  Beta Store  ", location: "  Dock 2 " });
    expect(res.statusCode).toBe(201);
    const beta = res.json();
    expect(beta).toEqual({ id: expect.any(Number), name: "Beta Store", location: "Dock 2", isActive: true });
    const alpha = await create("alpha store");
    // Location is optional: absent or blank is stored as null.
    const gamma = (await http.post("/api/warehouses", { name: "Gamma Store" })).json();
    const blank = (await http.post("/api/warehouses", { name: "Delta Store", location: "   " })).json();
    expect(gamma.location).toBeNull();
    expect(blank.location).toBeNull();

    const list = await http.get("/api/warehouses");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: alpha.id, name: "alpha store", location: null, isActive: true },
      { id: beta.id, name: "Beta Store", location: "Dock 2", isActive: true },
      { id: blank.id, name: "Delta Store", location: null, isActive: true },
      { id: gamma.id, name: "Gamma Store", location: null, isActive: true },
    ]);
  });

  it("round-trips Unicode names and locations exactly", async () => {
    const names = ["Gudang Utama", "倉庫", "🧵 Thread"];
    for (const name of names) await create(name, `${name} — lokasi 東京 🏭`);
    const list = (await http.get("/api/warehouses")).json() as { name: string; location: string }[];
    for (const name of names) {
      expect(list).toContainEqual(expect.objectContaining({ name, location: `${name} — lokasi 東京 🏭` }));
    }
    // Case-insensitive uniqueness holds for non-ASCII names too.
    expectError(await http.post("/api/warehouses", { name: " gudang utama " }), 409);
    expectError(await http.post("/api/warehouses", { name: "🧵 thread" }), 409);
  });

  it("updates a warehouse, accepting the id in the body and clearing an absent location", async () => {
    const w = await create("Update Me", "Somewhere");
    const res = await http.put(`/api/warehouses/${w.id}`, {
      id: w.id,
      name: " Updated 倉庫 ",
      location: "Row 5",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: w.id, name: "Updated 倉庫", location: "Row 5", isActive: true });
    const cleared = await http.put(`/api/warehouses/${w.id}`, { name: "Updated 倉庫" });
    expect(cleared.json()).toEqual({ id: w.id, name: "Updated 倉庫", location: null, isActive: true });
    const listed = (await http.get("/api/warehouses")).json();
    expect(listed).toContainEqual({ id: w.id, name: "Updated 倉庫", location: null, isActive: true });
    // Changing only the case of its own name is not a clash with itself.
    const recased = await http.put(`/api/warehouses/${w.id}`, { name: "UPDATED 倉庫" });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().name).toBe("UPDATED 倉庫");
  });

  it("refuses an id in the body that differs from the path", async () => {
    const w = await create("Id Check");
    const res = await http.put(`/api/warehouses/${w.id}`, { id: w.id + 1000, name: "Changed" });
    expectError(res, 400);
    expect(res.json().issues).toMatchObject([expect.objectContaining({ path: "id" })]);
    expect((await http.get("/api/warehouses")).json()).toContainEqual({
      id: w.id,
      name: "Id Check",
      location: null,
      isActive: true,
    });
  });

  it("answers a missing or blank name with the spec's message and writes nothing", async () => {
    const before = await countRows(ctx, "warehouses");
    for (const body of [{}, { name: "" }, { name: "   " }, { name: null }, { location: "x" }]) {
      expectIssues(await http.post("/api/warehouses", body), [
        { path: "name", message: "Warehouse name is required" },
      ]);
    }
    expect(await countRows(ctx, "warehouses")).toBe(before);
    const w = await create("Keep My Name", "Here");
    expectIssues(await http.put(`/api/warehouses/${w.id}`, { name: "  ", location: "There" }), [
      { path: "name", message: "Warehouse name is required" },
    ]);
    expect((await http.get("/api/warehouses")).json()).toContainEqual(w);
  });

  it("answers an unknown id with 404 and a malformed id with 400", async () => {
    expectError(
      await http.put("/api/warehouses/999999", { name: "Nowhere" }),
      404,
      "That warehouse does not exist.",
    );
    expectError(await http.delete("/api/warehouses/999999"), 404, "That warehouse does not exist.");
    expectError(await http.put("/api/warehouses/abc", { name: "Nowhere" }), 400);
    expectError(await http.delete("/api/warehouses/0"), 400);
  });

  it("refuses a duplicate name, whatever its case and spaces, on create and on update", async () => {
    const main = await create("Main Store");
    const before = await countRows(ctx, "warehouses");
    expectError(
      await http.post("/api/warehouses", { name: " main store " }),
      409,
      'A warehouse named "Main Store" already exists.',
    );
    expect(await countRows(ctx, "warehouses")).toBe(before);

    const annex = await create("Annex");
    expectError(
      await http.put(`/api/warehouses/${annex.id}`, { name: "  MAIN STORE ", location: "x" }),
      409,
      'A warehouse named "Main Store" already exists.',
    );
    const list = (await http.get("/api/warehouses")).json();
    expect(list).toContainEqual(annex);
    expect(list).toContainEqual(main);
  });

  it("answers concurrent creates of one name with one 201 and 409s, never 500", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        http.post("/api/warehouses", { name: i % 2 ? "Racing Store" : " racing store " }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it("refuses to delete a warehouse that transactions or balances refer to, naming them", async () => {
    const main = await create("Referenced Store");
    const other = await create("Other Store");
    const balanceOnly = await create("Balance Only Store");
    const material = await insertMaterial(ctx().db.kysely, "Cotton", "Delete-Test");
    // A receive into main, a transfer main -> other, and a transaction whose lines alone name main.
    const receive = await insertTransactionRow(ctx, { warehouseId: main.id });
    await insertLineRow(ctx, { transactionId: receive, materialId: material, warehouseId: main.id });
    const transfer = await insertTransactionRow(ctx, {
      type: "Transfer",
      sourceWarehouseId: main.id,
      destinationWarehouseId: other.id,
    });
    await insertLineRow(ctx, {
      transactionId: transfer,
      materialId: material,
      warehouseId: main.id,
      yards: -4,
    });
    await insertLineRow(ctx, {
      transactionId: transfer,
      materialId: material,
      warehouseId: other.id,
      yards: 4,
    });
    const opname = await insertTransactionRow(ctx, { type: "Stock Opname" });
    await insertLineRow(ctx, { transactionId: opname, materialId: material, warehouseId: main.id });
    await insertBalanceRow(ctx, { materialId: material, warehouseId: main.id, batch: "B-001" });
    await insertBalanceRow(ctx, { materialId: material, warehouseId: main.id, batch: "B-002", yards: 0 });
    await insertBalanceRow(ctx, { materialId: material, warehouseId: balanceOnly.id });

    const res = await http.delete(`/api/warehouses/${main.id}`);
    expectError(
      res,
      409,
      'Warehouse "Referenced Store" cannot be deleted: 3 transactions and 2 stock balances refer to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    expect(res.json().code).toBe("IN_USE");
    expectError(
      await http.delete(`/api/warehouses/${other.id}`),
      409,
      'Warehouse "Other Store" cannot be deleted: 1 transaction refers to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    expectError(
      await http.delete(`/api/warehouses/${balanceOnly.id}`),
      409,
      'Warehouse "Balance Only Store" cannot be deleted: 1 stock balance refers to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    const list = (await http.get("/api/warehouses")).json();
    for (const w of [main, other, balanceOnly]) expect(list).toContainEqual(w);
    // Nothing was cascaded away.
    const lines = await ctx()
      .db.kysely.selectFrom("transaction_lines")
      .select("id")
      .where("material_id", "=", material)
      .execute();
    expect(lines).toHaveLength(4);
  });

  it("has the database's foreign keys as a backstop against deleting a referred-to warehouse", async () => {
    const w = await create("Backstop Store");
    // A header alone (no lines) names it: still a reference.
    await insertTransactionRow(ctx, { type: "Transfer", sourceWarehouseId: w.id });
    expectError(
      await http.delete(`/api/warehouses/${w.id}`),
      409,
      'Warehouse "Backstop Store" cannot be deleted: 1 transaction refers to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    const error = await deleteWarehouse(ctx().db.kysely, w.id).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isForeignKeyViolation(error)).toBe(true);
    // ...which the delete route answers with 409, not 500.
    expect(() => foreignKeyAsInUse(() => 'Warehouse "Backstop Store"')(error)).toThrow(
      expect.objectContaining({
        statusCode: 409,
        code: "IN_USE",
        message:
          'Warehouse "Backstop Store" cannot be deleted: other records refer to it. Archive it instead: it stays in the history and leaves the pickers.',
      }),
    );
  });

  it("deletes an unreferenced warehouse", async () => {
    const w = await create("Short Lived");
    const res = await http.delete(`/api/warehouses/${w.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await http.get("/api/warehouses")).json()).not.toContainEqual(w);
    expectError(await http.delete(`/api/warehouses/${w.id}`), 404);
  });

  it("lets only an admin change warehouses; every signed-in role reads them", async () => {
    const w = await create("Guarded Store");
    const before = await countRows(ctx, "warehouses");
    await expectAdminOnlyWrites(
      ctx,
      { collection: "/api/warehouses", item: `/api/warehouses/${w.id}` },
      { name: "Intruder Store" },
    );
    expect(await countRows(ctx, "warehouses")).toBe(before);
    expect((await http.get("/api/warehouses", "viewer")).json()).toContainEqual(w);
  });

  it("documents its routes in the OpenAPI document", async () => {
    await expectDocumented(ctx, "/api/warehouses", "/api/warehouses/{id}");
  });
});
