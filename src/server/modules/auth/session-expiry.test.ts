import { expect, it } from "vitest";
import { describeEachDialect, signIn } from "../../test/test-context";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "./auth.repository";

let clock = Date.parse("2026-01-05T08:00:00.000Z");
const advance = (ms: number) => {
  clock += ms;
};

describeEachDialect(
  "session expiry",
  (ctx) => {
    const me = async (cookie: string) =>
      (await ctx().app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).json().user;

    it("ends a session after 8 idle hours, and keeps one that is used", async () => {
      const idle = await signIn(ctx().app, "viewer");
      const busy = await signIn(ctx().app, "viewer");
      for (let i = 0; i < 4; i++) {
        advance(IDLE_TIMEOUT_MS / 4 + 1000);
        if (i < 3) expect(await me(busy)).not.toBeNull();
      }
      expect(await me(busy)).not.toBeNull();
      expect(await me(idle)).toBeNull();
    });

    it("ends every session 7 days after sign-in however busy", async () => {
      const cookie = await signIn(ctx().app, "clerk");
      const stepMs = IDLE_TIMEOUT_MS / 2;
      let elapsed = 0;
      while (elapsed + stepMs < ABSOLUTE_TIMEOUT_MS) {
        advance(stepMs);
        elapsed += stepMs;
        expect(await me(cookie)).not.toBeNull();
      }
      advance(ABSOLUTE_TIMEOUT_MS - elapsed);
      expect(await me(cookie)).toBeNull();
    });

    // The clock has moved past the suite's own sessions: sign the admin in afresh.
    const asAdmin = async (method: "GET" | "PATCH", url: string, payload?: object) =>
      ctx().app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { cookie: await signIn(ctx().app, "admin") },
      });
    const userId = async (username: string) => {
      const users = (await asAdmin("GET", "/api/users")).json() as { id: number; username: string }[];
      return users.find((u) => u.username === username)?.id;
    };

    it("ends a deactivated user's sessions at once", async () => {
      const cookie = await signIn(ctx().app, "clerk");
      const res = await asAdmin("PATCH", `/api/users/${await userId("clerk")}`, { isActive: false });
      expect(res.statusCode).toBe(200);
      expect(await me(cookie)).toBeNull();
      const again = await ctx().request({
        method: "POST",
        url: "/api/auth/login",
        role: null,
        payload: { username: "clerk", password: "correct horse battery" },
      });
      expect(again.statusCode).toBe(401);
    });

    it("keeps the last active administrator", async () => {
      const res = await asAdmin("PATCH", `/api/users/${await userId("admin")}`, { role: "viewer" });
      expect(res.statusCode).toBe(409);
    });
  },
  { now: () => new Date(clock) },
);
