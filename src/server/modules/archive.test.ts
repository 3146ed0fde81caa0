import { expect, it } from "vitest";
import { api, countRows, expectError, expectIssues } from "../test/support/master-data";
import { createMasterData, post, receiveOk, snapshot, TEST_DATE } from "../test/support/transactions";
import { describeEachDialect } from "../test/test-context";

/**
 * Archive instead of delete (issue 13, CONTRACT.md section 5 "Archive"): isActive on warehouses,
 * suppliers and materials; archived rows leave the lists unless asked for, new postings and new
 * thresholds refuse them, history and reports keep them.
 */
describeEachDialect("archiving master data", (ctx) => {
  const http = api(ctx);

  const names = async (url: string, key = "name") =>
    ((await http.get(url)).json() as Record<string, unknown>[]).map((r) => r[key]);

  it("archives and restores through PUT; lists and their CSV leave archived rows out unless includeArchived=true", async () => {
    const added = await http.post("/api/warehouses", { name: "Old Annex" });
    expect(added.json()).toMatchObject({ name: "Old Annex", location: null, isActive: true });
    const id = added.json().id as number;
    await http.post("/api/warehouses", { name: "Main Hall" });

    const archived = await http.put(`/api/warehouses/${id}`, { id, name: "Old Annex", isActive: false });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({ id, name: "Old Annex", location: null, isActive: false });
    // An edit without isActive keeps it archived.
    const renamed = await http.put(`/api/warehouses/${id}`, { name: "Old Annex 2" });
    expect(renamed.json()).toMatchObject({ name: "Old Annex 2", isActive: false });

    expect(await names("/api/warehouses")).not.toContain("Old Annex 2");
    expect(await names("/api/warehouses?includeArchived=false")).not.toContain("Old Annex 2");
    expect(await names("/api/warehouses?includeArchived=true")).toContain("Old Annex 2");
    const csv = (await http.get("/api/warehouses?format=csv")).body;
    expect(csv).toContain("Main Hall");
    expect(csv).not.toContain("Old Annex 2");
    expect((await http.get("/api/warehouses?format=csv&includeArchived=true")).body).toContain("Old Annex 2");

    const restored = await http.put(`/api/warehouses/${id}`, { name: "Old Annex 2", isActive: true });
    expect(restored.json().isActive).toBe(true);
    expect(await names("/api/warehouses")).toContain("Old Annex 2");
  });

  it("does the same for suppliers and materials, and a new one may start archived", async () => {
    const supplier = (await http.post("/api/suppliers", { name: "Gone Mill" })).json();
    expect(supplier.isActive).toBe(true);
    await http.put(`/api/suppliers/${supplier.id}`, { name: "Gone Mill", isActive: false });
    expect(await names("/api/suppliers")).not.toContain("Gone Mill");
    expect(await names("/api/suppliers?includeArchived=true")).toContain("Gone Mill");

    const material = (
      await http.post("/api/materials", { typeName: "Voile", colorName: "Sand", isActive: false })
    ).json();
    expect(material).toMatchObject({ typeName: "Voile", isActive: false });
    expect(await names("/api/materials", "typeName")).not.toContain("Voile");
    expect(await names("/api/materials?includeArchived=true", "typeName")).toContain("Voile");
  });

  it("refuses isActive values that are not JSON booleans and includeArchived values other than true/false", async () => {
    const w = (await http.post("/api/warehouses", { name: "Strict Store" })).json();
    const suppliers = await countRows(ctx, "suppliers");
    for (const isActive of ["yes", "false", 0, 1, null]) {
      expectIssues(await http.put(`/api/warehouses/${w.id}`, { name: "Strict Store", isActive }), [
        { path: "isActive", message: "Must be true or false" },
      ]);
      expectIssues(await http.post("/api/suppliers", { name: "Strict Mill", isActive }), [
        { path: "isActive", message: "Must be true or false" },
      ]);
    }
    expect(await countRows(ctx, "suppliers")).toBe(suppliers);
    expect((await http.get("/api/warehouses")).json()).toContainEqual({ ...w, isActive: true });
    for (const value of ["yes", "TRUE", "1"]) {
      expectIssues(await http.get(`/api/materials?includeArchived=${value}`), [
        { path: "includeArchived", message: "Must be true or false" },
      ]);
    }
  });

  it("refuses (409) to archive a warehouse or material that holds stock, and changes nothing", async () => {
    const m = await createMasterData(ctx().db.kysely, 2, 1);
    await receiveOk(ctx(), m, [{ materialId: m.materials[0], batch: "B1", yards: 12.5 }]);
    const [warehouse] = ((await http.get("/api/warehouses")).json() as { id: number; name: string }[]).filter(
      (w) => w.id === m.warehouses[0],
    );
    if (!warehouse) throw new Error("warehouse not listed");

    const res = await http.put(`/api/warehouses/${warehouse.id}`, { name: warehouse.name, isActive: false });
    expectError(
      res,
      409,
      `Warehouse "${warehouse.name}" cannot be archived: it still holds 12.50 yards of stock. Transfer or issue that stock first, then archive it.`,
    );
    expect(res.json().code).toBe("HAS_STOCK");
    const material = ((await http.get("/api/materials")).json() as { id: number; typeName: string }[]).find(
      (row) => row.id === m.materials[0],
    );
    const refused = await http.put(`/api/materials/${m.materials[0]}`, { ...material, isActive: false });
    expectError(refused, 409);
    expect(refused.json().message).toMatch(
      /cannot be archived: it still holds 12\.50 yards of stock\. Issue that stock first/,
    );
    expect(await names("/api/warehouses")).toContain(warehouse.name);
    expect((await http.get("/api/materials")).json()).toContainEqual({ ...material, isActive: true });

    // The warehouse without stock may go, though the material has stock elsewhere.
    const empty = await http.put(`/api/warehouses/${m.warehouses[1]}`, {
      name: "Empty Hall",
      isActive: false,
    });
    expect(empty.statusCode, empty.body).toBe(200);
  });

  it("refuses (400) a new posting naming an archived supplier, warehouse or material, writing nothing", async () => {
    const m = await createMasterData(ctx().db.kysely, 2, 2);
    await receiveOk(ctx(), m, [{ materialId: m.materials[0], batch: "B1", yards: 5 }]);
    await http.put(`/api/suppliers/${m.supplierId}`, { name: "Archived Mill", isActive: false });
    await http.put(`/api/warehouses/${m.warehouses[1]}`, { name: "Archived Hall", isActive: false });
    await http.put(`/api/materials/${m.materials[1]}`, {
      typeName: "Old",
      colorName: "Cloth",
      isActive: false,
    });
    const before = await snapshot(ctx().db.kysely);

    const receive = await post(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[1],
      items: [
        { materialId: m.materials[0], batch: "B1", yards: 1 },
        { materialId: m.materials[1], batch: "B1", yards: 1 },
      ],
    });
    expectIssues(receive, [
      {
        path: "supplierId",
        message: "That supplier is archived. Restore it on the Suppliers screen, or choose another supplier.",
      },
      {
        path: "warehouseId",
        message:
          "That warehouse is archived. Restore it on the Warehouses screen, or choose another warehouse.",
      },
      {
        path: "items.1.materialId",
        message: "That material is archived. Restore it on the Materials screen, or choose another material.",
      },
    ]);
    expect(receive.json().issues).toHaveLength(3);
    const transfer = await post(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: m.warehouses[0],
      destinationWarehouseId: m.warehouses[1],
      items: [{ materialId: m.materials[0], batch: "B1", yards: 1 }],
    });
    expectIssues(transfer, [
      { path: "destinationWarehouseId", message: expect.stringContaining("archived") },
    ]);
    expect(await snapshot(ctx().db.kysely)).toEqual(before);

    // Restored, the same warehouse takes the transfer.
    await http.put(`/api/warehouses/${m.warehouses[1]}`, { name: "Archived Hall", isActive: true });
    const again = await post(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: m.warehouses[0],
      destinationWarehouseId: m.warehouses[1],
      items: [{ materialId: m.materials[0], batch: "B1", yards: 1 }],
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("keeps an archived material's and warehouse's past transactions in the history and reports", async () => {
    const m = await createMasterData(ctx().db.kysely, 1, 1);
    const received = await receiveOk(ctx(), m, [{ materialId: m.materials[0], batch: "B1", yards: 4 }]);
    await post(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: m.warehouses[0],
      items: [{ materialId: m.materials[0], batch: "B1", yards: 4 }],
    }).then((r) => expect(r.statusCode, r.body).toBe(201));
    const material = ((await http.get("/api/materials")).json() as { id: number; typeName: string }[]).find(
      (row) => row.id === m.materials[0],
    );
    expect(
      (await http.put(`/api/materials/${m.materials[0]}`, { ...material, isActive: false })).statusCode,
    ).toBe(200);
    expect(
      (await http.put(`/api/warehouses/${m.warehouses[0]}`, { name: "Closed Store", isActive: false }))
        .statusCode,
    ).toBe(200);
    await http.put(`/api/suppliers/${m.supplierId}`, { name: "Closed Mill", isActive: false });

    const history = (await http.get("/api/transactions")).json();
    const rows = Array.isArray(history) ? history : history.items;
    expect(rows).toContainEqual(
      expect.objectContaining({ transactionNumber: received.header.transactionNumber }),
    );
    const detail = (await http.get(`/api/transactions/${received.header.id}`)).json();
    expect(detail.header).toMatchObject({ supplierName: "Closed Mill", warehouseName: "Closed Store" });
    expect(detail.details[0]).toMatchObject({ typeName: material?.typeName, warehouseName: "Closed Store" });
    const filtered = (await http.get(`/api/transactions?materialId=${m.materials[0]}`)).json();
    expect(Array.isArray(filtered) ? filtered : filtered.items).toHaveLength(2);
  });

  it("refuses a new threshold for an archived material (400), and its delete message offers archiving", async () => {
    const material = (await http.post("/api/materials", { typeName: "Lawn", colorName: "Mint" })).json();
    await http.post("/api/thresholds", { materialId: material.id, thresholdYards: 5 });
    const deleted = await http.delete(`/api/materials/${material.id}`);
    expectError(
      deleted,
      409,
      'Material "Lawn - Mint" cannot be deleted: 1 threshold refers to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    await http.put(`/api/materials/${material.id}`, { ...material, isActive: false });
    const before = await countRows(ctx, "thresholds");
    expectIssues(
      await http.post("/api/thresholds", { materialId: material.id, batch: "B9", thresholdYards: 5 }),
      [
        {
          path: "materialId",
          message:
            "That material is archived. Restore it on the Materials screen before giving it a threshold.",
        },
      ],
    );
    expect(await countRows(ctx, "thresholds")).toBe(before);
    // Its existing threshold may still be changed (it names the same material).
    const [threshold] = (
      (await http.get("/api/thresholds")).json() as { id: number; materialId: number }[]
    ).filter((t) => t.materialId === material.id);
    const changed = await http.put(`/api/thresholds/${threshold?.id}`, {
      materialId: material.id,
      thresholdYards: 7,
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
