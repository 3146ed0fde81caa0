import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../../domain/history";
import { MIGRATIONS, migrateToLatest } from "../../db/migrations/index";
import { testDialects } from "../../test/dialects";
import {
  api,
  expectError,
  insertBalanceRow,
  insertLineRow,
  insertTransactionRow,
} from "../../test/support/master-data";
import { describeEachDialect, freshDb, TEST_PASSWORD } from "../../test/test-context";

type Entity = "warehouse" | "supplier" | "material" | "threshold" | "user";

describeEachDialect("master-data history (issue 16 point 4)", (ctx) => {
  const http = api(ctx);
  let started = "";

  const history = async (entity: Entity, id: number, role: "admin" | "clerk" | "viewer" = "admin") => {
    const res = await http.get(`/api/history?entity=${entity}&id=${id}`, role);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as HistoryEntry[];
  };
  /** Every row was written by `username` between the start of the test and now. */
  const expectWho = (rows: HistoryEntry[], username = "admin") => {
    const now = new Date().toISOString();
    for (const row of rows) {
      expect(row.username).toBe(username);
      expect(row.changedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(row.changedAt >= started && row.changedAt <= now, row.changedAt).toBe(true);
    }
  };
  const changeCount = async () => {
    const row = await ctx()
      .db.kysely.selectFrom("master_data_changes")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const begin = () => {
    started = new Date().toISOString();
  };

  it("records a warehouse's create, update, archive, restore and delete with user and time, newest first", async () => {
    begin();
    const created = (await http.post("/api/warehouses", { name: "Main", location: "Dock 1" })).json();
    const id = created.id as number;
    expect(
      (await http.put(`/api/warehouses/${id}`, { id, name: "Main Store", location: "Dock 1" })).statusCode,
    ).toBe(200);
    // Saved unchanged: nothing to record.
    expect(
      (await http.put(`/api/warehouses/${id}`, { id, name: "Main Store", location: "Dock 1" })).statusCode,
    ).toBe(200);
    const body = { id, name: "Main Store", location: "Dock 1" };
    expect((await http.put(`/api/warehouses/${id}`, { ...body, isActive: false })).statusCode).toBe(200);
    expect((await http.put(`/api/warehouses/${id}`, { ...body, isActive: true })).statusCode).toBe(200);
    expect((await http.delete(`/api/warehouses/${id}`)).statusCode).toBe(204);

    const rows = await history("warehouse", id);
    expect(rows.map((r) => r.action)).toEqual(["delete", "restore", "archive", "update", "create"]);
    expectWho(rows);
    expect(rows.map((r) => r.changes)).toEqual([
      { name: ["Main Store", null], location: ["Dock 1", null], isActive: [true, null] },
      { isActive: [false, true] },
      { isActive: [true, false] },
      { name: ["Main", "Main Store"] },
      { name: [null, "Main"], location: [null, "Dock 1"], isActive: [null, true] },
    ]);
    expect(rows[0]?.id).toBeGreaterThan(rows[1]?.id ?? Number.POSITIVE_INFINITY);
  });

  it("records suppliers and materials, the remnant limit included", async () => {
    begin();
    const supplier = (await http.post("/api/suppliers", { name: "Mill A", contactInfo: null })).json();
    const s = supplier.id as number;
    await http.put(`/api/suppliers/${s}`, { id: s, name: "Mill A", contactInfo: "a@mill.test" });
    await http.put(`/api/suppliers/${s}`, {
      id: s,
      name: "Mill A",
      contactInfo: "a@mill.test",
      isActive: false,
    });
    const sRows = await history("supplier", s);
    expect(sRows.map((r) => [r.action, r.changes])).toEqual([
      ["archive", { isActive: [true, false] }],
      ["update", { contactInfo: [null, "a@mill.test"] }],
      ["create", { name: [null, "Mill A"], isActive: [null, true] }],
    ]);
    expectWho(sRows);

    const material = (
      await http.post("/api/materials", { typeName: "Denim", colorName: "Indigo", colorCode: null })
    ).json();
    const m = material.id as number;
    const base = { id: m, typeName: "Denim", colorName: "Indigo", colorCode: null };
    expect((await http.put(`/api/materials/${m}`, { ...base, remnantBelowYards: 5 })).statusCode).toBe(200);
    await http.put(`/api/materials/${m}`, { ...base, colorName: "Navy" });
    await http.put(`/api/materials/${m}`, { ...base, colorName: "Navy", isActive: false });
    await http.put(`/api/materials/${m}`, { ...base, colorName: "Navy", isActive: true });
    await http.delete(`/api/materials/${m}`);
    const mRows = await history("material", m);
    expect(mRows.map((r) => r.action)).toEqual([
      "delete",
      "restore",
      "archive",
      "update",
      "update",
      "create",
    ]);
    expect(mRows[3]?.changes).toEqual({ colorName: ["Indigo", "Navy"] });
    expect(mRows[4]?.changes).toEqual({ remnantBelowYards: [3, 5] });
    expect(mRows[5]?.changes).toEqual({
      typeName: [null, "Denim"],
      colorName: [null, "Indigo"],
      isActive: [null, true],
      remnantBelowYards: [null, 3],
    });
    expectWho(mRows);
  });

  it("records thresholds: create, change, deactivate, activate, delete", async () => {
    begin();
    const material = (
      await http.post("/api/materials", { typeName: "Linen", colorName: "White", colorCode: null })
    ).json();
    const t = (
      await http.post("/api/thresholds", { materialId: material.id, batch: null, thresholdYards: 100 })
    ).json();
    const body = { id: t.id, materialId: material.id, batch: null, thresholdYards: 150, isActive: true };
    expect((await http.put(`/api/thresholds/${t.id}`, body)).statusCode).toBe(200);
    await http.put(`/api/thresholds/${t.id}`, { ...body, isActive: false });
    await http.put(`/api/thresholds/${t.id}`, { ...body, isActive: true });
    expect((await http.delete(`/api/thresholds/${t.id}`)).statusCode).toBe(204);
    const rows = await history("threshold", t.id);
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      [
        "delete",
        {
          materialId: [material.id, null],
          typeName: ["Linen", null],
          colorName: ["White", null],
          thresholdYards: [150, null],
          isActive: [true, null],
        },
      ],
      ["update", { isActive: [false, true] }],
      ["update", { isActive: [true, false] }],
      ["update", { thresholdYards: [100, 150] }],
      [
        "create",
        {
          materialId: [null, material.id],
          typeName: [null, "Linen"],
          colorName: [null, "White"],
          thresholdYards: [null, 100],
          isActive: [null, true],
        },
      ],
    ]);
    expectWho(rows);
  });

  it("records users: created by the admin, role, deactivation, password reset (never the hash)", async () => {
    begin();
    const user = (
      await http.post("/api/users", { username: "dana", password: TEST_PASSWORD, role: "clerk" })
    ).json();
    const patch = (body: object) =>
      ctx().request({ method: "PATCH", url: `/api/users/${user.id}`, payload: body });
    expect((await patch({ role: "viewer" })).statusCode).toBe(200);
    expect((await patch({ isActive: false })).statusCode).toBe(200);
    expect((await patch({ password: "another good password" })).statusCode).toBe(200);
    const rows = await history("user", user.id);
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ["update", { password: "changed" }],
      ["update", { isActive: [true, false] }],
      ["update", { role: ["clerk", "viewer"] }],
      [
        "create",
        {
          username: [null, "dana"],
          role: [null, "clerk"],
          isActive: [null, true],
          language: [null, "en"],
          lengthUnit: [null, "yd"],
        },
      ],
    ]);
    expectWho(rows);
    const stored = await ctx().db.kysely.selectFrom("master_data_changes").select("changes").execute();
    const hash = (
      await ctx()
        .db.kysely.selectFrom("users")
        .select("password_hash")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow()
    ).password_hash;
    expect(stored.some((r) => r.changes.includes(hash) || r.changes.includes("another good password"))).toBe(
      false,
    );
  });

  it("the first administrator's history starts with its own creation; a changed own password is recorded", async () => {
    const admin = await ctx()
      .db.kysely.selectFrom("users")
      .select("id")
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    const clerk = await ctx()
      .db.kysely.selectFrom("users")
      .select("id")
      .where("username", "=", "clerk")
      .executeTakeFirstOrThrow();
    const adminRows = await history("user", admin.id);
    expect(adminRows.at(-1)).toMatchObject({ action: "create", username: "admin" });
    begin();
    const res = await ctx().request({
      method: "POST",
      url: "/api/auth/password",
      role: "clerk",
      payload: { currentPassword: TEST_PASSWORD, newPassword: "clerk's new password" },
    });
    expect(res.statusCode, res.body).toBe(204);
    const clerkRows = await history("user", clerk.id);
    expect(clerkRows[0]).toMatchObject({
      action: "update",
      changes: { password: "changed" },
      username: "clerk",
    });
    expect(clerkRows.at(-1)).toMatchObject({ action: "create", username: "admin" });
  });

  it("a refused change records nothing (400, 404, 409)", async () => {
    const w = (await http.post("/api/warehouses", { name: "Annex", location: null })).json();
    const other = (await http.post("/api/warehouses", { name: "Yard", location: null })).json();
    const m = (
      await http.post("/api/materials", { typeName: "Silk", colorName: "Red", colorCode: null })
    ).json();
    const s = (await http.post("/api/suppliers", { name: "Mill Z", contactInfo: null })).json();
    const t = (
      await http.post("/api/thresholds", { materialId: m.id, batch: "B-1", thresholdYards: 10 })
    ).json();
    const tx = await insertTransactionRow(ctx, { warehouseId: w.id, supplierId: s.id });
    await insertLineRow(ctx, { transactionId: tx, materialId: m.id, warehouseId: w.id });
    await insertBalanceRow(ctx, { materialId: m.id, warehouseId: w.id });
    const before = await changeCount();
    const refusals = [
      [await http.post("/api/warehouses", { name: "annex", location: null }), 409],
      [await http.post("/api/warehouses", { name: "", location: null }), 400],
      [await http.put(`/api/warehouses/${other.id}`, { id: other.id, name: "ANNEX", location: null }), 409],
      [
        await http.put(`/api/warehouses/${w.id}`, {
          id: w.id,
          name: "Annex",
          location: null,
          isActive: false,
        }),
        409,
      ],
      [await http.delete(`/api/warehouses/${w.id}`), 409],
      [await http.put("/api/warehouses/999999", { id: 999999, name: "Nowhere", location: null }), 404],
      [await http.delete(`/api/suppliers/${s.id}`), 409],
      [await http.put(`/api/suppliers/${s.id}`, { id: s.id, name: "", contactInfo: null }), 400],
      [await http.post("/api/materials", { typeName: "silk", colorName: "red", colorCode: null }), 409],
      [
        await http.put(`/api/materials/${m.id}`, {
          id: m.id,
          typeName: "Silk",
          colorName: "Red",
          colorCode: null,
          isActive: false,
        }),
        409,
      ],
      [await http.delete(`/api/materials/${m.id}`), 409],
      [await http.post("/api/thresholds", { materialId: m.id, batch: "B-1", thresholdYards: 20 }), 409],
      [
        await http.put(`/api/thresholds/${t.id}`, {
          id: t.id,
          materialId: m.id,
          batch: "B-1",
          thresholdYards: 0,
        }),
        400,
      ],
      [await http.post("/api/users", { username: "clerk", password: TEST_PASSWORD, role: "clerk" }), 409],
      [await http.post("/api/warehouses", { name: "By clerk", location: null }, "clerk"), 403],
    ] as const;
    for (const [res, status] of refusals) expectError(res, status);
    const admin = await ctx()
      .db.kysely.selectFrom("users")
      .select("id")
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    const lastAdmin = await ctx().request({
      method: "PATCH",
      url: `/api/users/${admin.id}`,
      payload: { role: "clerk" },
    });
    expectError(lastAdmin, 409);
    expect(await changeCount()).toBe(before);
  });

  it("pages with limit and offset and sends X-Total-Count", async () => {
    const w = (await http.post("/api/warehouses", { name: "Paged", location: null })).json();
    for (const location of ["A", "B", "C", "D"]) {
      await http.put(`/api/warehouses/${w.id}`, { id: w.id, name: "Paged", location });
    }
    const all = await history("warehouse", w.id);
    expect(all).toHaveLength(5);
    const page = await http.get(`/api/history?entity=warehouse&id=${w.id}&limit=2&offset=1`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe("5");
    expect(page.json()).toEqual(all.slice(1, 3));
    expect((await http.get(`/api/history?entity=warehouse&id=${w.id}`)).headers["x-total-count"]).toBe("5");
    const none = await http.get("/api/history?entity=supplier&id=987654");
    expect(none.json()).toEqual([]);
    expect(none.headers["x-total-count"]).toBe("0");
  });

  it("access: anyone signed in reads master data's history; a user's only an administrator; bad queries are 400", async () => {
    const w = (await http.post("/api/warehouses", { name: "Seen", location: null })).json();
    for (const role of ["clerk", "viewer"] as const) {
      expect((await history("warehouse", w.id, role)).map((r) => r.action)).toEqual(["create"]);
      expectError(await http.get(`/api/history?entity=user&id=1`, role), 403);
    }
    expectError(await http.get(`/api/history?entity=warehouse&id=${w.id}`, null), 401);
    for (const query of [
      "entity=shelf&id=1",
      "id=1",
      "entity=warehouse",
      "entity=warehouse&id=0x1",
      "entity=warehouse&id=1&limit=0",
      "entity=warehouse&id=1&limit=1001",
    ]) {
      const res = await http.get(`/api/history?${query}`);
      expectError(res, 400);
      expect(res.json().issues?.length, query).toBeGreaterThan(0);
    }
    const doc = (await ctx().request({ method: "GET", url: "/api/openapi.json", role: null })).json();
    const op = doc.paths["/api/history"].get;
    expect(op.responses["200"].headers["X-Total-Count"]).toBeDefined();
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["entity", "id", "limit", "offset"]),
    );
  });
});

for (const dialect of testDialects()) {
  describe(`migration 012-master-data-history [${dialect}]`, () => {
    it("upgrades a database made at the migration before it; rows need a real user", async () => {
      const before = MIGRATIONS.slice(
        0,
        MIGRATIONS.findIndex((x) => x.name === "012-master-data-history"),
      );
      expect(before.at(-1)?.name).toBe("011-reversal");
      const { db, cleanup } = await freshDb(dialect, { migrations: before });
      try {
        const k = db.kysely;
        const at = "2024-03-05T08:00:00.000Z";
        await sql`insert into users (username, username_key, password_hash, role, is_active, created_at) values ('a', 'a', 'x', 'admin', 1, ${at})`.execute(
          k,
        );
        await sql`insert into warehouses (name, name_key, location, created_at) values ('Main', 'main', null, ${at})`.execute(
          k,
        );
        expect(await migrateToLatest(db)).toContain("012-master-data-history");
        const user = await k.selectFrom("users").select("id").executeTakeFirstOrThrow();
        const row = { entity: "warehouse", entity_id: 1, action: "update", changes: "{}", changed_at: at };
        await k
          .insertInto("master_data_changes")
          .values({ ...row, user_id: user.id })
          .execute();
        await k
          .insertInto("master_data_changes")
          .values({ ...row, user_id: user.id })
          .execute();
        const ids = await k.selectFrom("master_data_changes").select("id").orderBy("id").execute();
        expect(ids.map((r) => r.id)).toEqual([ids[0]?.id, (ids[0]?.id ?? 0) + 1]);
        await expect(
          k
            .insertInto("master_data_changes")
            .values({ ...row, user_id: user.id + 1000 })
            .execute(),
        ).rejects.toThrow();
        expect((await k.selectFrom("warehouses").select("name").execute()).map((r) => r.name)).toEqual([
          "Main",
        ]);
      } finally {
        await cleanup();
      }
    });
  });
}
