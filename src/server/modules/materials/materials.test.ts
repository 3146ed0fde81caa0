import { expect, it } from "vitest";
import { isForeignKeyViolation } from "../../lib/http-errors";
import { insertThreshold, insertWarehouse } from "../../test/fixtures";
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
import { deleteMaterial } from "./materials.repository";

interface Material {
  id: number;
  typeName: string;
  colorName: string;
  colorCode: string | null;
}

describeEachDialect("materials API", (ctx) => {
  const http = api(ctx);

  const create = async (typeName: string, colorName: string, colorCode: string | null = null) => {
    const res = await http.post("/api/materials", { typeName, colorName, colorCode });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Material;
  };

  it("adds materials, trimming names, and lists them by type then color", async () => {
    const res = await http.post("/api/materials", {
      typeName: " Linen ",
      colorName: " White ",
      colorCode: " #FFFFFF ",
    });
    expect(res.statusCode).toBe(201);
    const linenWhite = res.json();
    expect(linenWhite).toEqual({
      id: expect.any(Number),
      typeName: "Linen",
      colorName: "White",
      colorCode: "#FFFFFF",
      isActive: true,
      remnantBelowYards: 3,
    });
    const cottonRed = await create("Cotton", "red", "rgb(200, 0, 0)");
    const cottonBlue = (await http.post("/api/materials", { typeName: "cotton", colorName: "Blue" })).json();
    expect(cottonBlue.colorCode).toBeNull();
    const list = await http.get("/api/materials");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([cottonBlue, cottonRed, linenWhite]);
  });

  it("round-trips Unicode type and color names exactly", async () => {
    const pairs = [
      ["Gudang Utama", "Merah Tua"],
      ["倉庫", "藍色"],
      ["🧵 Thread", "🌈 Pelangi"],
    ] as const;
    for (const [t, c] of pairs) await create(t, c, "#0a0B0c");
    const list = (await http.get("/api/materials")).json();
    for (const [typeName, colorName] of pairs) {
      expect(list).toContainEqual(expect.objectContaining({ typeName, colorName, colorCode: "#0a0B0c" }));
    }
    expectError(await http.post("/api/materials", { typeName: "🧵 THREAD", colorName: " 🌈 pelangi " }), 409);
  });

  it("updates a material, accepting the id in the body", async () => {
    const m = await create("Silk", "Ivory", "#FFFFF0");
    const res = await http.put(`/api/materials/${m.id}`, {
      id: m.id,
      typeName: " Sutra ",
      colorName: " Gading ",
      colorCode: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: m.id,
      typeName: "Sutra",
      colorName: "Gading",
      colorCode: null,
      isActive: true,
      remnantBelowYards: 3,
    });
    expect((await http.get("/api/materials")).json()).toContainEqual(res.json());
    expectError(
      await http.put(`/api/materials/${m.id}`, { id: String(m.id + 1), typeName: "X", colorName: "Y" }),
      400,
    );
  });

  it("answers missing type or color with the spec's messages and writes nothing", async () => {
    const before = await countRows(ctx, "materials");
    expectIssues(await http.post("/api/materials", {}), [
      { path: "typeName", message: "Material type is required" },
      { path: "colorName", message: "Color name is required" },
    ]);
    expectIssues(await http.post("/api/materials", { typeName: "  ", colorName: "Navy" }), [
      { path: "typeName", message: "Material type is required" },
    ]);
    expectIssues(await http.post("/api/materials", { typeName: "Cotton", colorName: "" }), [
      { path: "colorName", message: "Color name is required" },
    ]);
    expect(await countRows(ctx, "materials")).toBe(before);
    const m = await create("Wool", "Grey");
    expectIssues(await http.put(`/api/materials/${m.id}`, { typeName: "Wool", colorName: " " }), [
      { path: "colorName", message: "Color name is required" },
    ]);
    expect((await http.get("/api/materials")).json()).toContainEqual(m);
  });

  it("answers an unknown id with 404", async () => {
    expectError(
      await http.put("/api/materials/999999", { typeName: "A", colorName: "B" }),
      404,
      "That material does not exist.",
    );
    expectError(await http.delete("/api/materials/999999"), 404, "That material does not exist.");
  });

  it("refuses a duplicate type and color, whatever the case and spaces, on create and on update", async () => {
    const navy = await create("Cotton", "Navy");
    const before = await countRows(ctx, "materials");
    expectError(
      await http.post("/api/materials", { typeName: " cotton ", colorName: "NAVY  " }),
      409,
      'Material "Cotton - Navy" already exists.',
    );
    expect(await countRows(ctx, "materials")).toBe(before);
    // The same type in another color, and the same color in another type, are different materials.
    const teal = await create("Cotton", "Teal");
    await create("Denim", "Navy");
    expectError(
      await http.put(`/api/materials/${teal.id}`, { typeName: "COTTON", colorName: " navy" }),
      409,
      'Material "Cotton - Navy" already exists.',
    );
    const list = (await http.get("/api/materials")).json();
    expect(list).toContainEqual(teal);
    expect(list).toContainEqual(navy);
  });

  it("answers concurrent creates of one material with one 201 and 409s, never 500", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        http.post("/api/materials", { typeName: i ? "Rayon" : "rayon", colorName: "Racing Red" }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it("refuses to delete a material that transactions, balances or thresholds refer to", async () => {
    const m = await create("Batik", "Sogan");
    const thresholdOnly = await create("Batik", "Indigo");
    const w = await insertWarehouse(ctx().db.kysely, "Material Test Store");
    const t1 = await insertTransactionRow(ctx, { warehouseId: w });
    await insertLineRow(ctx, { transactionId: t1, materialId: m.id, warehouseId: w, batch: "B-1" });
    await insertLineRow(ctx, { transactionId: t1, materialId: m.id, warehouseId: w, batch: "B-2" });
    const t2 = await insertTransactionRow(ctx, { type: "Waste", warehouseId: w });
    await insertLineRow(ctx, {
      transactionId: t2,
      materialId: m.id,
      warehouseId: w,
      batch: "B-1",
      yards: -2,
    });
    await insertBalanceRow(ctx, { materialId: m.id, warehouseId: w, batch: "B-1", yards: 8 });
    await insertThreshold(ctx().db.kysely, m.id, 5);
    await insertThreshold(ctx().db.kysely, thresholdOnly.id, 5, "B-9");

    const res = await http.delete(`/api/materials/${m.id}`);
    expectError(
      res,
      409,
      'Material "Batik - Sogan" cannot be deleted: 2 transactions, 1 stock balance and 1 threshold refer to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    expect(res.json().code).toBe("IN_USE");
    expectError(
      await http.delete(`/api/materials/${thresholdOnly.id}`),
      409,
      'Material "Batik - Indigo" cannot be deleted: 1 threshold refers to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    const list = (await http.get("/api/materials")).json();
    expect(list).toContainEqual(m);
    expect(list).toContainEqual(thresholdOnly);
    expect((await http.get("/api/thresholds")).json()).toHaveLength(2);
    const error = await deleteMaterial(ctx().db.kysely, m.id).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isForeignKeyViolation(error)).toBe(true);
  });

  it("deletes an unreferenced material", async () => {
    const m = await create("Tulle", "Blush");
    expect((await http.delete(`/api/materials/${m.id}`)).statusCode).toBe(204);
    expect((await http.get("/api/materials")).json()).not.toContainEqual(m);
    expectError(await http.delete(`/api/materials/${m.id}`), 404);
  });

  it("lets only an admin change materials; every signed-in role reads them", async () => {
    const m = await create("Guarded", "Material");
    const before = await countRows(ctx, "materials");
    await expectAdminOnlyWrites(
      ctx,
      { collection: "/api/materials", item: `/api/materials/${m.id}` },
      { typeName: "Intruder", colorName: "Black" },
    );
    expect(await countRows(ctx, "materials")).toBe(before);
    expect((await http.get("/api/materials", "viewer")).json()).toContainEqual(m);
  });

  it("documents its routes in the OpenAPI document", async () => {
    await expectDocumented(ctx, "/api/materials", "/api/materials/{id}");
  });
});
