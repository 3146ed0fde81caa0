import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { freshDb } from "./test/test-context";

describe("serving the built client", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-client-"));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(
      path.join(dir, "index.html"),
      "<!doctype html><title>Fabric Inventory</title><div id=root></div>",
    );
    fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1)");
    const fresh = await freshDb("sqlite");
    cleanup = fresh.cleanup;
    app = await buildApp({ db: fresh.db, clientDir: dir });
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves the app at / and at every client route, revalidated", async () => {
    for (const url of ["/", "/inventory", "/transactions/12", "/no/such/screen"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<div id=root>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves hashed assets as immutable, and keeps /api 404s as JSON", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const api = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe("NOT_FOUND");
  });
});
