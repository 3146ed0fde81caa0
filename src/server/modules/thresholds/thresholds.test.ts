import { expect, it } from "vitest";
import { insertMaterial } from "../../test/fixtures";
import {
  api,
  countRows,
  expectAdminOnlyWrites,
  expectDocumented,
  expectError,
  expectIssues,
} from "../../test/support/master-data";
import { describeEachDialect } from "../../test/test-context";

interface Threshold {
  id: number;
  materialId: number;
  typeName: string;
  colorName: string;
  batch: string | null;
  thresholdYards: number;
  isActive: boolean;
}

describeEachDialect("thresholds API", (ctx) => {
  const http = api(ctx);
  const material = (typeName: string, colorName: string) =>
    insertMaterial(ctx().db.kysely, typeName, colorName);

  const create = async (body: Record<string, unknown>) => {
    const res = await http.post("/api/thresholds", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Threshold;
  };

  it("adds type+color-level and batch-level thresholds for one material", async () => {
    const navy = await material("Cotton", "Navy");
    const all = await create({ materialId: navy, thresholdYards: 50 });
    expect(all).toEqual({
      id: expect.any(Number),
      materialId: navy,
      typeName: "Cotton",
      colorName: "Navy",
      batch: null,
      thresholdYards: 50,
      isActive: true,
    });
    const batch = await create({ materialId: navy, batch: " B-001 ", thresholdYards: 20, isActive: false });
    expect(batch).toMatchObject({ materialId: navy, batch: "B-001", thresholdYards: 20, isActive: false });
    // Stored '' is the API's null.
    const stored = await ctx()
      .db.kysely.selectFrom("thresholds")
      .select(["batch", "is_active"])
      .where("id", "=", all.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ batch: "", is_active: 1 });

    const list = await http.get("/api/thresholds");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([all, batch]);
  });

  it("treats a blank or null batch as type+color level", async () => {
    for (const [i, batch] of ["", "   ", null].entries()) {
      const m = await material("Blank Batch", `Color ${i}`);
      const t = await create({ materialId: m, batch, thresholdYards: 1 });
      expect(t.batch).toBeNull();
    }
  });

  it("round-trips Unicode material names and batches", async () => {
    const pairs = [
      ["Gudang Utama", "Merah Tua", "Lot-Ä1"],
      ["倉庫", "藍色", "批次-七"],
      ["🧵 Thread", "🌈 Pelangi", "🧵-42"],
    ] as const;
    const created: Threshold[] = [];
    for (const [t, c, b] of pairs) {
      created.push(await create({ materialId: await material(t, c), batch: b, thresholdYards: 7 }));
    }
    const list = (await http.get("/api/thresholds")).json();
    for (const [i, [typeName, colorName, batch]] of pairs.entries()) {
      expect(created[i]).toMatchObject({ typeName, colorName, batch });
      expect(list).toContainEqual(created[i]);
    }
  });

  it("updates a threshold, moving it between batch level and type+color level", async () => {
    const m = await material("Linen", "Sand");
    const other = await material("Linen", "Olive");
    const t = await create({ materialId: m, batch: "L-1", thresholdYards: 10 });
    const res = await http.put(`/api/thresholds/${t.id}`, {
      id: t.id,
      materialId: m,
      batch: null,
      thresholdYards: 12,
      isActive: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...t, batch: null, thresholdYards: 12, isActive: false });
    const moved = await http.put(`/api/thresholds/${t.id}`, {
      materialId: other,
      batch: "  L-2 ",
      thresholdYards: 3,
      isActive: true,
    });
    expect(moved.json()).toEqual({
      id: t.id,
      materialId: other,
      typeName: "Linen",
      colorName: "Olive",
      batch: "L-2",
      thresholdYards: 3,
      isActive: true,
    });
    expect((await http.get("/api/thresholds")).json()).toContainEqual(moved.json());
    expectError(
      await http.put(`/api/thresholds/${t.id}`, { id: t.id + 1, materialId: m, thresholdYards: 3 }),
      400,
    );
  });

  it("shows the material's current names after the material is renamed", async () => {
    const m = await material("Old Type", "Old Color");
    const t = await create({ materialId: m, thresholdYards: 4 });
    const renamed = await http.put(`/api/materials/${m}`, { typeName: "New Type", colorName: "New Color" });
    expect(renamed.statusCode).toBe(200);
    expect((await http.get("/api/thresholds")).json()).toContainEqual({
      ...t,
      typeName: "New Type",
      colorName: "New Color",
    });
  });

  it("answers bad threshold values with the spec's messages and writes nothing", async () => {
    const m = await material("Validation", "Grey");
    const before = await countRows(ctx, "thresholds");
    for (const thresholdYards of [0, -3, 1.5, "abc", "5", true]) {
      expectIssues(await http.post("/api/thresholds", { materialId: m, thresholdYards }), [
        { path: "thresholdYards", message: "Must be a positive number" },
      ]);
    }
    for (const thresholdYards of [undefined, null, ""]) {
      expectIssues(await http.post("/api/thresholds", { materialId: m, thresholdYards }), [
        { path: "thresholdYards", message: "Threshold value is required" },
      ]);
    }
    for (const materialId of [undefined, null, "", "abc", 0]) {
      expectIssues(await http.post("/api/thresholds", { materialId, thresholdYards: 5 }), [
        { path: "materialId", message: "Material is required" },
      ]);
    }
    expectIssues(await http.post("/api/thresholds", { materialId: 999999, thresholdYards: 5 }), [
      { path: "materialId", message: "That material does not exist." },
    ]);
    expectIssues(await http.post("/api/thresholds", { materialId: m, thresholdYards: 5, isActive: "yes" }), [
      { path: "isActive", message: "Must be true or false" },
    ]);
    expect(await countRows(ctx, "thresholds")).toBe(before);

    const t = await create({ materialId: m, thresholdYards: 9 });
    expectIssues(await http.put(`/api/thresholds/${t.id}`, { materialId: m, thresholdYards: 0 }), [
      { path: "thresholdYards", message: "Must be a positive number" },
    ]);
    expectIssues(await http.put(`/api/thresholds/${t.id}`, { materialId: 999999, thresholdYards: 2 }), [
      { path: "materialId", message: "That material does not exist." },
    ]);
    expect((await http.get("/api/thresholds")).json()).toContainEqual(t);
  });

  it("answers an unknown id with 404", async () => {
    const m = await material("Unknown", "Id");
    expectError(
      await http.put("/api/thresholds/999999", { materialId: m, thresholdYards: 5 }),
      404,
      "That threshold does not exist.",
    );
    expectError(await http.delete("/api/thresholds/999999"), 404, "That threshold does not exist.");
  });

  it("refuses a second threshold of the same material and scope, on create and on update", async () => {
    const navy = await material("Denim", "Navy");
    const all = await create({ materialId: navy, thresholdYards: 30 });
    const b1 = await create({ materialId: navy, batch: "B-001", thresholdYards: 10 });
    const b2 = await create({ materialId: navy, batch: "B-002", thresholdYards: 10 });
    const before = await countRows(ctx, "thresholds");
    expectError(
      await http.post("/api/thresholds", { materialId: navy, batch: "  ", thresholdYards: 5 }),
      409,
      "A threshold for Denim - Navy (All Batches) already exists.",
    );
    expectError(
      await http.post("/api/thresholds", { materialId: navy, batch: " B-001 ", thresholdYards: 5 }),
      409,
      "A threshold for Denim - Navy (Batch B-001) already exists.",
    );
    expect(await countRows(ctx, "thresholds")).toBe(before);
    expectError(
      await http.put(`/api/thresholds/${b2.id}`, { materialId: navy, batch: null, thresholdYards: 5 }),
      409,
      "A threshold for Denim - Navy (All Batches) already exists.",
    );
    expectError(
      await http.put(`/api/thresholds/${b2.id}`, { materialId: navy, batch: "B-001", thresholdYards: 5 }),
      409,
      "A threshold for Denim - Navy (Batch B-001) already exists.",
    );
    const list = (await http.get("/api/thresholds")).json();
    for (const t of [all, b1, b2]) expect(list).toContainEqual(t);
    // Re-saving a threshold with its own scope is not a clash.
    const same = await http.put(`/api/thresholds/${b1.id}`, {
      materialId: navy,
      batch: "B-001",
      thresholdYards: 11,
    });
    expect(same.statusCode).toBe(200);
  });

  it("answers concurrent creates of one threshold with one 201 and 409s, never 500", async () => {
    const m = await material("Racing", "Threshold");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => http.post("/api/thresholds", { materialId: m, thresholdYards: 5 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it("deletes a threshold", async () => {
    const m = await material("Delete", "Threshold");
    const t = await create({ materialId: m, thresholdYards: 5 });
    const res = await http.delete(`/api/thresholds/${t.id}`);
    expect(res.statusCode).toBe(204);
    expect((await http.get("/api/thresholds")).json()).not.toContainEqual(t);
    expectError(await http.delete(`/api/thresholds/${t.id}`), 404);
  });

  it("lets only an admin change thresholds; every signed-in role reads them", async () => {
    const m = await material("Guarded", "Threshold");
    const t = await create({ materialId: m, thresholdYards: 5 });
    const before = await countRows(ctx, "thresholds");
    await expectAdminOnlyWrites(
      ctx,
      { collection: "/api/thresholds", item: `/api/thresholds/${t.id}` },
      { materialId: m, batch: "X-1", thresholdYards: 99 },
    );
    expect(await countRows(ctx, "thresholds")).toBe(before);
    expect((await http.get("/api/thresholds", "viewer")).json()).toContainEqual(t);
  });

  it("documents its routes in the OpenAPI document", async () => {
    await expectDocumented(ctx, "/api/thresholds", "/api/thresholds/{id}");
  });
});
