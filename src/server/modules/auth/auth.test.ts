import { describe, expect, it } from "vitest";
import { describeEachDialect, signIn, TEST_PASSWORD } from "../../test/test-context";
import { DEFAULT_SCRYPT_N, hashParameters, hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("uses the contract's scrypt cost by default and verifies only the right password", async () => {
    const stored = await hashPassword("a long enough password");
    expect(hashParameters(stored)).toEqual({ N: DEFAULT_SCRYPT_N, r: 8, p: 1 });
    expect(DEFAULT_SCRYPT_N).toBe(2 ** 17);
    expect(await verifyPassword("a long enough password", stored)).toBe(true);
    expect(await verifyPassword("a long enough passworD", stored)).toBe(false);
  });
});

describeEachDialect("sign-in and sessions", (ctx) => {
  it("tells who is signed in", async () => {
    const me = await ctx().request({ method: "GET", url: "/api/auth/me", role: "clerk" });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { username: "clerk", role: "clerk" }, setupRequired: false });
    const anon = await ctx().request({ method: "GET", url: "/api/auth/me", role: null });
    expect(anon.json()).toEqual({ user: null, setupRequired: false, currency: "USD" });
  });

  it("refuses a second first-run setup", async () => {
    const res = await ctx().request({
      method: "POST",
      url: "/api/auth/setup",
      role: null,
      payload: { username: "intruder", password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("CONFLICT");
  });

  it("answers a wrong password without saying which part was wrong", async () => {
    const wrongPassword = await ctx().request({
      method: "POST",
      url: "/api/auth/login",
      role: null,
      payload: { username: "viewer", password: "not the password" },
    });
    const unknownUser = await ctx().request({
      method: "POST",
      url: "/api/auth/login",
      role: null,
      payload: { username: "nobody-here", password: "not the password" },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(unknownUser.json().message);
  });

  it("issues a new HttpOnly SameSite=Lax session id at each sign-in and ends it at sign-out", async () => {
    const first = await signIn(ctx().app, "viewer");
    const second = await signIn(ctx().app, "viewer");
    expect(first).not.toBe(second);
    const login = await ctx().request({
      method: "POST",
      url: "/api/auth/login",
      role: null,
      payload: { username: "viewer", password: TEST_PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === "fi_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    const out = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: first, "content-type": "application/json" },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    const after = await ctx().app.inject({ method: "GET", url: "/api/users", headers: { cookie: first } });
    expect(after.statusCode).toBe(401);
    const me = await ctx().app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: second } });
    expect(me.json().user.username).toBe("viewer");
  });

  it("enforces roles: users are admin-only", async () => {
    for (const [role, status] of [
      ["admin", 200],
      ["clerk", 403],
      ["viewer", 403],
      [null, 401],
    ] as const) {
      const res = await ctx().request({ method: "GET", url: "/api/users", role });
      expect(res.statusCode, String(role)).toBe(status);
      if (status !== 200) expect(res.json()).toHaveProperty("message");
    }
  });

  it("rate-limits repeated failures for one account with 429", async () => {
    const attempt = () =>
      ctx().request({
        method: "POST",
        url: "/api/auth/login",
        role: null,
        remoteAddress: "10.9.8.7",
        payload: { username: "admin", password: "wrong password" },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // Even the right password is refused while throttled; another address is not affected.
    const right = await ctx().request({
      method: "POST",
      url: "/api/auth/login",
      role: null,
      remoteAddress: "10.9.8.7",
      payload: { username: "admin", password: TEST_PASSWORD },
    });
    expect(right.statusCode).toBe(429);
    expect(await signIn(ctx().app, "admin")).toMatch(/^fi_session=/);
  });

  it("changes one's own password and ends the other sessions", async () => {
    const other = await signIn(ctx().app, "clerk");
    const current = await signIn(ctx().app, "clerk");
    const bad = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: current },
      payload: { currentPassword: "wrong", newPassword: "another long password" },
    });
    expect(bad.statusCode).toBe(400);
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: current },
      payload: { currentPassword: TEST_PASSWORD, newPassword: "another long password" },
    });
    expect(res.statusCode).toBe(204);
    expect(
      (await ctx().app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: other } })).json()
        .user,
    ).toBeNull();
    expect(
      (await ctx().app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: current } })).json()
        .user.username,
    ).toBe("clerk");
    await signIn(ctx().app, "clerk", "another long password");
  });
});
