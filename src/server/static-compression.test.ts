import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../scripts/lib/precompress.mjs";
import { buildApp } from "./app";
import { freshDb } from "./test/test-context";

/** The body as sent, decoded by its Content-Encoding. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === "gzip") return zlib.gunzipSync(res.rawPayload).toString();
  if (encoding === undefined) return res.rawPayload.toString();
  throw new Error(`unexpected content-encoding ${encoding}`);
}

describe("serving the built client precompressed", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-client-"));
  // As the build leaves them: index.html (under 1 KB, still compressed), a hashed script over 1 KB.
  const html = `<!doctype html><title>Fabric Inventory</title><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>`;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, name: `row ${i}` })))};\n`;
  const styles = `${".card { padding: 1rem; color: #111; }\n".repeat(60)}`;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "index.html"), html);
    fs.writeFileSync(path.join(dir, "assets", "index-abc123.js"), script);
    fs.writeFileSync(path.join(dir, "assets", "index-abc123.css"), styles);
    await precompressDir(dir);
    const fresh = await freshDb("sqlite");
    cleanup = fresh.cleanup;
    app = await buildApp({ db: fresh.db, clientDir: dir });
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [accept, encoding] of [
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
  ] as const) {
    it(`sends a built script's .${encoding === "br" ? "br" : "gz"} copy to "Accept-Encoding: ${accept}"`, async () => {
      const res = await app.inject({
        method: "GET",
        url: "/assets/index-abc123.js",
        headers: { "accept-encoding": accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      // The type of the file itself, not of its compressed copy.
      expect(res.headers["content-type"]).toMatch(/^(?:application|text)\/javascript; charset=utf-8$/i);
      expect(res.headers["cache-control"]).toContain("immutable");
      expect(res.rawPayload.length).toBeLessThan(script.length / 4);
      expect(decoded(res)).toBe(script);

      const css = await app.inject({
        method: "GET",
        url: "/assets/index-abc123.css",
        headers: { "accept-encoding": accept },
      });
      expect(css.headers["content-encoding"]).toBe(encoding);
      expect(css.headers["content-type"]).toMatch(/^text\/css/);
      expect(decoded(css)).toBe(styles);
    });

    it(`sends index.html compressed (${encoding}) at / and at every client route, revalidated`, async () => {
      for (const url of ["/", "/inventory", "/transactions/receive", "/no/such/screen"]) {
        const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": accept } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["content-encoding"], url).toBe(encoding);
        expect(res.headers["content-type"], url).toMatch(/^text\/html/);
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
        expect(res.headers["cache-control"], url).toBe("no-cache");
        expect(decoded(res), url).toBe(html);
      }
    });
  }

  it("sends the files as they are to a client that accepts no compression, still varying on it", async () => {
    for (const url of ["/assets/index-abc123.js", "/", "/inventory"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBeUndefined();
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.body, url).toBe(url.startsWith("/assets/") ? script : html);
    }
  });

  it("never serves the compressed copies as files of their own type to the browser by mistake", async () => {
    // Asking for the .br by name gives the bytes, but not labelled as a script to execute.
    const res = await app.inject({ method: "GET", url: "/assets/index-abc123.js.br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).not.toMatch(/javascript/);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});
