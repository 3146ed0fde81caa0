import { expect, it } from "vitest";
import { describeEachDialect } from "./test/test-context";

describeEachDialect("API plumbing", (ctx) => {
  it("reports health and the database in use, without a session", async () => {
    const res = await ctx().request({ method: "GET", url: "/api/health", role: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: ctx().dialect });
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await ctx().request({ method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(typeof res.json().message).toBe("string");
  });

  it("refuses a mutation that is not JSON with 415, and a foreign Origin with 403", async () => {
    const form = await ctx().request({
      method: "POST",
      url: "/api/users",
      headers: { "content-type": "text/plain" },
      payload: "username=x",
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const foreign = await ctx().request({
      method: "POST",
      url: "/api/users",
      headers: { origin: "https://evil.example" },
      payload: { username: "x", password: "long enough!", role: "viewer" },
    });
    expect(foreign.statusCode).toBe(403);
    const users = await ctx().request({ method: "GET", url: "/api/users" });
    expect(users.json().map((u: { username: string }) => u.username)).not.toContain("x");
  });

  it("accepts a body-less DELETE, with or without a JSON content type, but no other type", async () => {
    const bare = await ctx().app.inject({
      method: "DELETE",
      url: "/api/warehouses/999999",
      headers: { cookie: ctx().cookies.admin },
    });
    expect(bare.statusCode).toBe(404);
    const typed = await ctx().request({
      method: "DELETE",
      url: "/api/warehouses/999999",
      headers: { "content-type": "application/json" },
    });
    expect(typed.statusCode).toBe(404);
    const text = await ctx().request({
      method: "DELETE",
      url: "/api/warehouses/999999",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const res = await ctx().request({
      method: "POST",
      url: "/api/users",
      payload: { username: "big", password: "x".repeat(1024 * 1024 + 10), role: "viewer" },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers invalid input with 400 and per-field issues", async () => {
    const res = await ctx().request({
      method: "POST",
      url: "/api/users",
      payload: { username: "", password: "short", role: "boss" },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    const paths = body.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["username", "password", "role"]));
    expect(body.issues.find((i: { path: string }) => i.path === "password").message).toBe(
      "Password must be at least 8 characters",
    );
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await ctx().request({
      method: "POST",
      url: "/api/users",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty("message");
  });

  it("sends security headers", async () => {
    const res = await ctx().request({ method: "GET", url: "/api/health", role: null });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("publishes an OpenAPI 3 document listing the routes", async () => {
    const res = await ctx().request({ method: "GET", url: "/api/openapi.json", role: null });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/auth/login", "/api/users"]),
    );
    const docs = await ctx().request({ method: "GET", url: "/api/docs", role: null });
    expect([200, 302]).toContain(docs.statusCode);
  });
});
