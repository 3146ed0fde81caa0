/** The built client's sizes for the bench (bench.ts): the first load and every asset. */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * What index.html loads before anything else (scripts, modulepreloads, styles): raw, gzip (level 6,
 * the figure the 150 KB target was set in) and as sent to a browser (the build's .br copy, or the
 * file itself when it has none).
 */
export function firstLoadGzip(root: string) {
  const dir = path.join(root, "dist/client");
  const html = fs.readFileSync(path.join(dir, "index.html"), "utf8");
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
  const sum = { js: { raw: 0, gzip: 0, br: 0 }, css: { raw: 0, gzip: 0, br: 0 } };
  for (const f of new Set(files)) {
    const raw = fs.readFileSync(path.join(dir, f));
    const br = fs.existsSync(path.join(dir, `${f}.br`))
      ? fs.statSync(path.join(dir, `${f}.br`)).size
      : raw.length;
    const kind = f.endsWith(".css") ? sum.css : sum.js;
    kind.raw += raw.length;
    kind.gzip += gzipSync(raw).length;
    kind.br += br;
  }
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  return {
    jsKb: sum.js.gzip / 1024,
    cssKb: sum.css.gzip / 1024,
    jsRawKb: kb(sum.js.raw),
    jsBrKb: kb(sum.js.br),
    cssRawKb: kb(sum.css.raw),
    cssBrKb: kb(sum.css.br),
    files: [...new Set(files)],
  };
}

/** Every built script and style: raw, and as sent (its .br copy), biggest first. */
export function builtAssets(root: string) {
  const dir = path.join(root, "dist/client/assets");
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(?:js|css)$/.test(f))
    .map((f) => {
      const raw = fs.statSync(path.join(dir, f)).size;
      const br = fs.existsSync(path.join(dir, `${f}.br`)) ? fs.statSync(path.join(dir, `${f}.br`)).size : raw;
      return { file: f, rawKb: Math.round(raw / 102.4) / 10, brKb: Math.round(br / 102.4) / 10 };
    })
    .sort((a, b) => b.rawKb - a.rawKb);
}
