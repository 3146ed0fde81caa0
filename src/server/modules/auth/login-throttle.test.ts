import { expect, it } from "vitest";
import { describeEachDialect, signIn, TEST_PASSWORD } from "../../test/test-context";
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_IP } from "./login-throttle";

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => {
    acc[s] = (acc[s] ?? 0) + 1;
    return acc;
  }, {});

describeEachDialect("login throttle under concurrency", (ctx) => {
  const login = (remoteAddress: string, username: string, password: string) =>
    ctx().request({
      method: "POST",
      url: "/api/auth/login",
      role: null,
      remoteAddress,
      payload: { username, password },
    });

  it("checks at most the limit of a burst of 100 simultaneous wrong passwords", async () => {
    // The requests interleave at every await, so a count read before the (slow) hash check and
    // written after it would let the whole burst through as 401s.
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => login("10.1.0.1", "viewer", "wrong password")),
    );
    const counts = tally(burst.map((r) => r.statusCode));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(counts[429]).toBe(100 - (counts[401] ?? 0));
    expect((await login("10.1.0.1", "viewer", TEST_PASSWORD)).statusCode).toBe(429);
  });

  it("counts full-width, math-bold and upper-case spellings of a username as that one account", async () => {
    const spellings = ["admin", "ａｄｍｉｎ", "𝐚𝐝𝐦𝐢𝐧", "ADMIN", " Admin "];
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login("10.1.0.2", spellings[i % 5] as string, "wrong password")),
    );
    expect(tally(burst.map((r) => r.statusCode))[401] ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    // Even the right password, in any spelling, waits for the window to end.
    for (const spelling of spellings)
      expect((await login("10.1.0.2", spelling, TEST_PASSWORD)).statusCode).toBe(429);
    // Another address has its own budget.
    expect(await signIn(ctx().app, "ａｄｍｉｎ")).toMatch(/^fi_session=/);
  });

  it("counts the spellings as one account one attempt at a time too", async () => {
    for (const spelling of ["ａｄｍｉｎ", "𝐚𝐝𝐦𝐢𝐧", "ａｄｍｉｎ", "𝐚𝐝𝐦𝐢𝐧", "ａｄｍｉｎ"]) {
      expect((await login("10.1.0.6", spelling, "wrong password")).statusCode).toBe(401);
    }
    expect((await login("10.1.0.6", "admin", TEST_PASSWORD)).statusCode).toBe(429);
  });

  it("caps one address at its limit across many usernames, and a success does not use it up", async () => {
    const address = "10.1.0.3";
    for (let i = 0; i < 3; i++) expect((await login(address, "clerk", TEST_PASSWORD)).statusCode).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(address, `nobody-${i % 25}`, "wrong password")),
    );
    const counts = tally(burst.map((r) => r.statusCode));
    expect(counts[401]).toBe(MAX_FAILURES_PER_IP);
    expect(counts[429]).toBe(100 - MAX_FAILURES_PER_IP);
  });

  it("counts a wrong current password on change-password as a failed sign-in for that user", async () => {
    const address = "10.1.0.4";
    const cookie = await signIn(ctx().app, "clerk");
    const change = (currentPassword: string) =>
      ctx().app.inject({
        method: "POST",
        url: "/api/auth/password",
        remoteAddress: address,
        headers: { cookie },
        payload: { currentPassword, newPassword: "a brand new password" },
      });
    const burst = await Promise.all(Array.from({ length: 20 }, () => change("wrong password")));
    const counts = tally(burst.map((r) => r.statusCode));
    expect(counts[400] ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(counts[429]).toBe(20 - (counts[400] ?? 0));
    // The account is now throttled from that address, for sign-in and for change-password alike.
    expect((await login(address, "clerk", TEST_PASSWORD)).statusCode).toBe(429);
    expect((await change(TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login("10.1.0.5", "clerk", TEST_PASSWORD)).statusCode).toBe(200);
  });
});
