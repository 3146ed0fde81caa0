import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressDir } from "./precompress.mjs";

describe("precompressing the built client", () => {
  let dir = "";
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function write(name: string, content: string | Buffer) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  const exists = (name: string) => fs.existsSync(path.join(dir, name));

  it("writes .br and .gz beside text assets over 1 KB and beside every HTML page, each decoding to the file", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-precompress-"));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `row ${i}`))};`;
    write("assets/index-abc.js", script);
    write("assets/index-abc.css", ".a { color: red; }\n".repeat(100));
    write("assets/data.json", JSON.stringify({ words: "fabric ".repeat(300) }));
    write("favicon.svg", `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(300)}</svg>`);
    // Under 1 KB, still compressed: index.html is the first request of every visit.
    const preloads = ["a", "b", "c", "d", "e"].map(
      (n) => `<link rel="modulepreload" href="/assets/${n}-abc.js">`,
    );
    write(
      "index.html",
      `<!doctype html><title>Fabric Inventory</title>${preloads.join("\n")}<div id=root></div>`,
    );
    write("assets/small-abc.js", "export const a = 1;"); // under 1 KB
    write("assets/photo.png", randomBytes(4000)); // not text: compressed already

    const summary = await precompressDir(dir);

    for (const name of [
      "assets/index-abc.js",
      "assets/index-abc.css",
      "assets/data.json",
      "favicon.svg",
      "index.html",
    ]) {
      const raw = fs.readFileSync(path.join(dir, name));
      expect(brotliDecompressSync(fs.readFileSync(path.join(dir, `${name}.br`))).equals(raw), name).toBe(
        true,
      );
      expect(gunzipSync(fs.readFileSync(path.join(dir, `${name}.gz`))).equals(raw), name).toBe(true);
    }
    for (const name of ["assets/small-abc.js", "assets/photo.png"]) {
      expect(exists(`${name}.br`), name).toBe(false);
      expect(exists(`${name}.gz`), name).toBe(false);
    }
    expect(summary.files).toBe(5);
    expect(summary.brBytes).toBeLessThan(summary.rawBytes / 4);
    expect(summary.gzipBytes).toBeLessThan(summary.rawBytes / 3);
  });

  it("writes no copy that would not be smaller than the file", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-precompress-"));
    // Random bytes do not compress: a copy would only cost bytes and a lookup.
    write("assets/noise.js", randomBytes(3000));
    await precompressDir(dir);
    expect(exists("assets/noise.js.br")).toBe(false);
    expect(exists("assets/noise.js.gz")).toBe(false);
  });
});
