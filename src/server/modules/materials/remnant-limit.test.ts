import { beforeEach, expect, it } from "vitest";
import { checkRolls } from "../../check/rolls-check";
import { api, expectIssues } from "../../test/support/master-data";
import { createMasterData, type MasterData, receiveOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 8: a material's remnantBelowYards, and its rolls' statuses following it. */
describeEachDialect("materials: remnant limit", (ctx) => {
  const http = api(ctx);
  const db = () => ctx().db.kysely;
  let m: MasterData;

  beforeEach(async () => {
    m = await createMasterData(db(), 1, 1);
  });

  const material = async (id: number) => {
    const res = await http.get(`/api/materials/${id}`, "viewer");
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const statuses = async (materialId: number) =>
    (
      await db()
        .selectFrom("rolls")
        .select(["length_centi", "status"])
        .where("material_id", "=", materialId)
        .orderBy("length_centi")
        .orderBy("id")
        .execute()
    ).map((r) => [Number(r.length_centi) / 100, r.status]);
  const put = (id: number, body: Record<string, unknown>) =>
    http.put(`/api/materials/${id}`, { typeName: "Linen", colorName: `Ecru ${id}`, ...body });

  it("round-trips remnantBelowYards: default 3, set on create, changed or kept on update", async () => {
    const plain = (await http.post("/api/materials", { typeName: "Linen", colorName: "Sand" })).json();
    expect(plain.remnantBelowYards).toBe(3);
    const created = await http.post("/api/materials", {
      typeName: "Linen",
      colorName: "Stone",
      remnantBelowYards: 4.25,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ colorName: "Stone", remnantBelowYards: 4.25 });
    const id = created.json().id;
    expect(await material(id)).toEqual(created.json());
    expect((await http.get("/api/materials")).json()).toContainEqual(created.json());

    // The most it may be (MAX_REMNANT_BELOW_YARDS).
    const most = await put(id, { colorName: "Stone", remnantBelowYards: 100 });
    expect(most.statusCode, most.body).toBe(200);
    expect(most.json().remnantBelowYards).toBe(100);
    const off = await put(id, { colorName: "Stone", remnantBelowYards: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().remnantBelowYards).toBe(0);
    // An edit that does not send it keeps it (the spec's client knows nothing of remnants).
    const kept = await put(id, { colorName: "Stone Grey" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().remnantBelowYards).toBe(0);
    expect(await material(id)).toMatchObject({ colorName: "Stone Grey", remnantBelowYards: 0 });
    expect((await http.get("/api/materials/999999")).statusCode).toBe(404);
  });

  it("refuses a bad remnantBelowYards with 400 naming the field, and changes nothing", async () => {
    const bad: [unknown, string][] = [
      [-1, "Remnant below must be 0 or more yards (0 turns remnants off)"],
      [1.005, "Remnant below may have at most 2 decimal places"],
      ["3", "Remnant below must be a number of yards (0 or more)"],
      [null, "Remnant below must be a number of yards (0 or more)"],
      // At most 100 yards: a remnant is a short piece, and 1000000 made every roll one.
      [100.01, "Remnant below must be 100 yards or less (a remnant is a short piece)"],
      [1_000_000, "Remnant below must be 100 yards or less (a remnant is a short piece)"],
      [1e12, "Remnant below must be 100 yards or less (a remnant is a short piece)"],
    ];
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom("materials")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [value, message] of bad) {
      expectIssues(
        await http.post("/api/materials", { typeName: "Voile", colorName: "Mint", remnantBelowYards: value }),
        [{ path: "remnantBelowYards", message }],
      );
    }
    expect(await count()).toBe(before);

    const id = m.materials[0] as number;
    await receiveOk(ctx(), m, [{ materialId: id, batch: "B1", rolls: [{ lengthYards: 2 }] }]);
    const was = await material(id);
    for (const [value, message] of bad) {
      expectIssues(await put(id, { remnantBelowYards: value }), [{ path: "remnantBelowYards", message }]);
    }
    expect(await material(id)).toEqual(was);
    expect(await statuses(id)).toEqual([[2, "Remnant"]]);
  });

  it("re-statuses the material's rolls when the limit crosses their lengths, and only its own", async () => {
    const [id] = m.materials as [number];
    const other = (await http.post("/api/materials", { typeName: "Linen", colorName: "Other" })).json();
    await receiveOk(ctx(), m, [
      {
        materialId: id,
        batch: "B1",
        rolls: [{ lengthYards: 2.5 }, { lengthYards: 5 }, { lengthYards: 9.99 }],
      },
      { materialId: id, batch: "B2", rolls: [{ lengthYards: 10 }] },
      { materialId: other.id, batch: "B1", rolls: [{ lengthYards: 2.5 }, { lengthYards: 5 }] },
    ]);
    // All of B2 used up: a used-up roll stays Used Up under any limit.
    const usage = await http.post(
      "/api/transactions/production-usage",
      {
        transactionDate: "2024-03-06",
        warehouseId: m.warehouses[0],
        items: [{ materialId: id, batch: "B2", yards: 10 }],
      },
      "clerk",
    );
    expect(usage.statusCode, usage.body).toBe(201);
    const otherBefore = await statuses(other.id);
    expect(await statuses(id)).toEqual([
      [0, "Used Up"],
      [2.5, "Remnant"],
      [5, "In Stock"],
      [9.99, "In Stock"],
    ]);

    expect((await put(id, { remnantBelowYards: 10 })).statusCode).toBe(200);
    expect(await statuses(id)).toEqual([
      [0, "Used Up"],
      [2.5, "Remnant"],
      [5, "Remnant"],
      [9.99, "Remnant"],
    ]);
    // The limit itself is not a remnant (length < limit).
    expect((await put(id, { remnantBelowYards: 5 })).statusCode).toBe(200);
    expect(await statuses(id)).toEqual([
      [0, "Used Up"],
      [2.5, "Remnant"],
      [5, "In Stock"],
      [9.99, "In Stock"],
    ]);
    expect((await put(id, { remnantBelowYards: 0 })).statusCode).toBe(200);
    expect(await statuses(id)).toEqual([
      [0, "Used Up"],
      [2.5, "In Stock"],
      [5, "In Stock"],
      [9.99, "In Stock"],
    ]);
    expect(await statuses(other.id)).toEqual(otherBefore);
    // A refused edit (duplicate name) changes no status either: one transaction.
    const dup = await http.put(`/api/materials/${id}`, {
      typeName: "Linen",
      colorName: "Other",
      remnantBelowYards: 100,
    });
    expect(dup.statusCode, dup.body).toBe(409);
    expect((await statuses(id)).map((r) => r[1])).toEqual(["Used Up", "In Stock", "In Stock", "In Stock"]);
    // The Remnants report and the rolls' stored statuses agree with the rule everywhere.
    expect(await checkRolls(db())).toEqual([]);
  });

  it("changes the limit while clerks post on the material's rolls: no deadlock, every status right", async () => {
    const [id] = m.materials as [number];
    const batches = ["C1", "C2", "C3", "C4"];
    await receiveOk(
      ctx(),
      m,
      batches.map((batch) => ({
        materialId: id,
        batch,
        rolls: [{ lengthYards: 6 }, { lengthYards: 9 }, { lengthYards: 20 }],
      })),
    );
    const usage = (batch: string, yards: number) =>
      http.post(
        "/api/transactions/production-usage",
        {
          transactionDate: "2024-03-07",
          warehouseId: m.warehouses[0],
          items: [{ materialId: id, batch, yards }],
        },
        "clerk",
      );
    const limits = [8, 2.5, 12, 0, 7.75, 4];
    const requests = [
      ...batches.flatMap((batch) => [usage(batch, 1.5), usage(batch, 2), usage(batch, 0.5)]),
      ...limits.map((limit) => put(id, { colorName: "Concurrent", remnantBelowYards: limit })),
      // A receive of a key the limit change could not lock (no balance yet).
      ...["N1", "N2"].map((batch) =>
        http.post(
          "/api/transactions/receive",
          {
            transactionDate: "2024-03-07",
            supplierId: m.supplierId,
            warehouseId: m.warehouses[0],
            items: [{ materialId: id, batch, rolls: [{ lengthYards: 5 }] }],
          },
          "clerk",
        ),
      ),
    ];
    const answers = await Promise.all(requests);
    for (const res of answers) expect([200, 201], res.body).toContain(res.statusCode);
    // Whatever the interleaving, each stored status is the rule's for the limit that won.
    expect(await checkRolls(db())).toEqual([]);
  });
});
