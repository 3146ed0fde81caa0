import { expect, it } from "vitest";
import { isForeignKeyViolation } from "../../lib/http-errors";
import { insertWarehouse } from "../../test/fixtures";
import {
  api,
  countRows,
  expectAdminOnlyWrites,
  expectDocumented,
  expectError,
  expectIssues,
  insertTransactionRow,
} from "../../test/support/master-data";
import { describeEachDialect } from "../../test/test-context";
import { deleteSupplier } from "./suppliers.repository";

describeEachDialect("suppliers API", (ctx) => {
  const http = api(ctx);

  const create = async (name: string, contactInfo: string | null = null) => {
    const res = await http.post("/api/suppliers", { name, contactInfo });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string; contactInfo: string | null };
  };

  it("adds suppliers, trimming names, and lists them by name", async () => {
    const res = await http.post("/api/suppliers", { name: " Beta Mills ", contactInfo: " +62 21 555 0101 " });
    expect(res.statusCode).toBe(201);
    const beta = res.json();
    expect(beta).toEqual({
      id: expect.any(Number),
      name: "Beta Mills",
      contactInfo: "+62 21 555 0101",
      isActive: true,
    });
    const alpha = await create("alpha textiles");
    const gamma = (await http.post("/api/suppliers", { name: "Gamma Weavers" })).json();
    const blank = (await http.post("/api/suppliers", { name: "Delta Dyes", contactInfo: "" })).json();
    expect(gamma.contactInfo).toBeNull();
    expect(blank.contactInfo).toBeNull();
    const list = await http.get("/api/suppliers");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: alpha.id, name: "alpha textiles", contactInfo: null, isActive: true },
      { id: beta.id, name: "Beta Mills", contactInfo: "+62 21 555 0101", isActive: true },
      { id: blank.id, name: "Delta Dyes", contactInfo: null, isActive: true },
      { id: gamma.id, name: "Gamma Weavers", contactInfo: null, isActive: true },
    ]);
  });

  it("round-trips Unicode names and contact information exactly", async () => {
    const names = ["Gudang Utama", "倉庫", "🧵 Thread"];
    for (const name of names) await create(name, `Ibu Siti · 電話 03-1234 · ✉️ ${name}`);
    const list = (await http.get("/api/suppliers")).json();
    for (const name of names) {
      expect(list).toContainEqual(
        expect.objectContaining({ name, contactInfo: `Ibu Siti · 電話 03-1234 · ✉️ ${name}` }),
      );
    }
  });

  it("updates a supplier, accepting the id in the body", async () => {
    const s = await create("Update Supplier", "old contact");
    const res = await http.put(`/api/suppliers/${s.id}`, {
      id: s.id,
      name: " PT Kain 🧵 ",
      contactInfo: "new contact",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: s.id, name: "PT Kain 🧵", contactInfo: "new contact", isActive: true });
    const cleared = await http.put(`/api/suppliers/${s.id}`, { name: "PT Kain 🧵", contactInfo: null });
    expect(cleared.json()).toEqual({ id: s.id, name: "PT Kain 🧵", contactInfo: null, isActive: true });
    expect((await http.get("/api/suppliers")).json()).toContainEqual(cleared.json());
    expectError(await http.put(`/api/suppliers/${s.id}`, { id: s.id + 1, name: "Other" }), 400);
  });

  it("answers a missing or blank name with the spec's message and writes nothing", async () => {
    const before = await countRows(ctx, "suppliers");
    for (const body of [{}, { name: "" }, { name: " \t " }, { contactInfo: "only contact" }]) {
      expectIssues(await http.post("/api/suppliers", body), [
        { path: "name", message: "Supplier name is required" },
      ]);
    }
    expect(await countRows(ctx, "suppliers")).toBe(before);
    const s = await create("Stays Named");
    expectIssues(await http.put(`/api/suppliers/${s.id}`, { name: "" }), [
      { path: "name", message: "Supplier name is required" },
    ]);
    expect((await http.get("/api/suppliers")).json()).toContainEqual(s);
  });

  it("answers an unknown id with 404", async () => {
    expectError(
      await http.put("/api/suppliers/999999", { name: "Nobody" }),
      404,
      "That supplier does not exist.",
    );
    expectError(await http.delete("/api/suppliers/999999"), 404, "That supplier does not exist.");
  });

  it("refuses a duplicate name, whatever its case and spaces, on create and on update", async () => {
    const main = await create("Main Store");
    const before = await countRows(ctx, "suppliers");
    expectError(
      await http.post("/api/suppliers", { name: " main store " }),
      409,
      'A supplier named "Main Store" already exists.',
    );
    expect(await countRows(ctx, "suppliers")).toBe(before);
    const other = await create("Other Supplier", "keep me");
    expectError(
      await http.put(`/api/suppliers/${other.id}`, { name: "MAIN STORE", contactInfo: "changed" }),
      409,
      'A supplier named "Main Store" already exists.',
    );
    const list = (await http.get("/api/suppliers")).json();
    expect(list).toContainEqual(other);
    expect(list).toContainEqual(main);
  });

  it("answers concurrent creates of one name with one 201 and 409s, never 500", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => http.post("/api/suppliers", { name: "Racing Supplier" })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it("refuses to delete a supplier that transactions refer to, and keeps it", async () => {
    const s = await create("Busy Supplier");
    const one = await create("One-Off Supplier");
    const warehouse = await insertWarehouse(ctx().db.kysely, "Supplier Test Store");
    await insertTransactionRow(ctx, { supplierId: s.id, warehouseId: warehouse });
    await insertTransactionRow(ctx, { type: "Return", supplierId: s.id, warehouseId: warehouse });
    await insertTransactionRow(ctx, { supplierId: one.id, warehouseId: warehouse });
    const res = await http.delete(`/api/suppliers/${s.id}`);
    expectError(
      res,
      409,
      'Supplier "Busy Supplier" cannot be deleted: 2 transactions refer to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    expect(res.json().code).toBe("IN_USE");
    expectError(
      await http.delete(`/api/suppliers/${one.id}`),
      409,
      'Supplier "One-Off Supplier" cannot be deleted: 1 transaction refers to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    const list = (await http.get("/api/suppliers")).json();
    expect(list).toContainEqual(s);
    expect(list).toContainEqual(one);
    const error = await deleteSupplier(ctx().db.kysely, s.id).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isForeignKeyViolation(error)).toBe(true);
  });

  it("deletes an unreferenced supplier", async () => {
    const s = await create("Gone Soon");
    expect((await http.delete(`/api/suppliers/${s.id}`)).statusCode).toBe(204);
    expect((await http.get("/api/suppliers")).json()).not.toContainEqual(s);
  });

  it("lets only an admin change suppliers; every signed-in role reads them", async () => {
    const s = await create("Guarded Supplier");
    const before = await countRows(ctx, "suppliers");
    await expectAdminOnlyWrites(
      ctx,
      { collection: "/api/suppliers", item: `/api/suppliers/${s.id}` },
      { name: "Intruder Supplier" },
    );
    expect(await countRows(ctx, "suppliers")).toBe(before);
    expect((await http.get("/api/suppliers", "viewer")).json()).toContainEqual(s);
  });

  it("documents its routes in the OpenAPI document", async () => {
    await expectDocumented(ctx, "/api/suppliers", "/api/suppliers/{id}");
  });
});
