import { expect, it } from "vitest";
import { describeEachDialect, signIn } from "../../test/test-context";

/** CONTRACT.md section 17: each user's language and length unit, kept on the user. */
describeEachDialect("my language and length unit", (ctx) => {
  const me = async (cookie: string) =>
    (await ctx().app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).json().user;
  const patch = (payload: unknown, role: "admin" | "clerk" | "viewer" | null = "viewer") =>
    ctx().request({ method: "PATCH", url: "/api/auth/me", payload: payload as Record<string, string>, role });
  const stored = async (username: string) =>
    ctx()
      .db.kysely.selectFrom("users")
      .select(["language", "length_unit"])
      .where("username", "=", username)
      .executeTakeFirstOrThrow();

  it("starts in English and yards", async () => {
    expect(await me(ctx().cookies.clerk)).toMatchObject({ language: "en", lengthUnit: "yd" });
  });

  it("is set by the user themself, any role, and follows them to a new device", async () => {
    const res = await patch({ language: "id", lengthUnit: "m" }, "viewer");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ username: "viewer", language: "id", lengthUnit: "m" });
    // Another device: a fresh sign-in reads the same choice.
    const elsewhere = await signIn(ctx().app, "viewer");
    expect(await me(elsewhere)).toMatchObject({ language: "id", lengthUnit: "m" });
    // One field at a time leaves the other as it was.
    expect((await patch({ lengthUnit: "yd" }, "viewer")).json().user).toMatchObject({
      language: "id",
      lengthUnit: "yd",
    });
    // Nobody else's changed.
    expect(await stored("clerk")).toEqual({ language: "en", length_unit: "yd" });
  });

  it("refuses values it does not know, other fields and no session, changing nothing", async () => {
    const before = await stored("clerk");
    for (const body of [{ language: "fr" }, { lengthUnit: "ft" }, { language: "ID" }, { language: null }]) {
      const res = await patch(body, "clerk");
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
    // A user may not change their own role or anything else through this route.
    const role = await patch({ language: "id", role: "admin" }, "clerk");
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toContain('"role"');
    expect((await me(ctx().cookies.clerk)).role).toBe("clerk");
    expect((await patch({ language: "id" }, null)).statusCode).toBe(401);
    expect(await stored("clerk")).toEqual(before);
  });
});
