import zlib from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers under /api over 1 KB (JSON, CSV; the /api/docs pages' scripts too) are compressed on the
 * fly, br or gzip by the request's Accept-Encoding (CONTRACT.md section 5). XLSX is a zip already
 * and is left alone (types that mime-db does not call compressible never are). The built client is
 * never compressed here: its files are compressed at build time (scripts/lib/precompress.mjs) and
 * @fastify/static sends those copies (app.ts). Streamed list answers (lib/list-body.ts) stay
 * streamed: the compressor reads them chunk by chunk as the socket drains.
 *
 * Levels are for speed (docs/performance.md, "Compression"): brotli quality 4 and gzip level 4
 * cost a few hundredths of a millisecond on the dashboard's answer and shrink JSON 4 to 15 times.
 * Request bodies are not decompressed: no client sends them compressed, and a small compressed body
 * must not expand past the 1 MiB body limit's intent.
 */
export const compression = fp(async (app: FastifyInstance) => {
  // Before @fastify/compress's own onRoute hook (hooks run in order): the client's files are off.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 4 },
  });
});
