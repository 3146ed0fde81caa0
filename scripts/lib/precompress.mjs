// Imported by vite.config.ts with its extension (Vite's future native config loader needs one), so
// plain JavaScript; its types are in precompress.d.mts.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; images (png, woff2) are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = [".js", ".css", ".html", ".svg", ".json", ".txt"];
/** Smaller files gain too little to be worth a second copy (HTML pages are always done). */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text asset of
 * the built client over 1 KB, and beside every HTML page whatever its size (index.html is the
 * first request of every visit). @fastify/static (`preCompressed: true`) sends them by the
 * request's Accept-Encoding, so the server spends no CPU on them. A compressed copy that would not
 * be smaller is not written. Compressions run in zlib's thread pool, in parallel.
 * @param {string} dir
 */
export async function precompressDir(dir) {
  const summary = { files: 0, rawBytes: 0, brBytes: 0, gzipBytes: 0 };
  const files = walk(dir).filter((file) => {
    const ext = path.extname(file);
    if (!PRECOMPRESSED_EXTENSIONS.includes(ext)) return false;
    return ext === ".html" || fs.statSync(file).size >= PRECOMPRESS_MIN_BYTES;
  });
  await Promise.all(
    files.map(async (file) => {
      const raw = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      summary.files++;
      summary.rawBytes += raw.length;
      if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      summary.brBytes += Math.min(br.length, raw.length);
      summary.gzipBytes += Math.min(gz.length, raw.length);
    }),
  );
  return summary;
}
