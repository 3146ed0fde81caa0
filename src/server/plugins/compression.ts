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
 * Levels are for speed (docs/performance.md, "Compression"): an answer sent whole gets brotli
 * quality 4 or gzip level 4, a few hundredths of a millisecond on the dashboard's answer, JSON 4 to
 * 15 times smaller. A streamed answer (over 1,000 rows: the whole stock list is 13-17 MB of JSON at
 * the large seed) gets quality 1 or level 1: 3.5x and 1.5x faster than 4 there, 9.4x and 8.5x
 * smaller instead of 11.5x and 9.5x; compressing it at 4 took longer than the query.
 * Request bodies are not decompressed: no client sends them compressed, and a small compressed body
 * must not expand past the 1 MiB body limit's intent.
 */
const TEXT_MODE = { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT };

/**
 * @fastify/compress makes streamed answers' compressors with `createX` and compresses whole ones
 * with `xSync` (and the options below) when the same zlib offers both: the stream constructors
 * here ignore those options for the fast levels.
 */
export const STREAM_GZIP_LEVEL = 1;
export const STREAM_BROTLI_QUALITY = 1;
/**
 * Output buffer of a streamed answer's compressor: each one filled is a round trip between the
 * thread pool and the main thread; 256 KB instead of zlib's 16 KB makes ~16 times fewer.
 */
const STREAM_CHUNK_BYTES = 256 * 1024;
const streamZlib = {
  createGzip: () => zlib.createGzip({ level: STREAM_GZIP_LEVEL, chunkSize: STREAM_CHUNK_BYTES }),
  createBrotliCompress: () =>
    zlib.createBrotliCompress({
      chunkSize: STREAM_CHUNK_BYTES,
      params: { ...TEXT_MODE, [zlib.constants.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY },
    }),
  gzipSync: zlib.gzipSync,
  brotliCompressSync: zlib.brotliCompressSync,
};

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
    zlib: streamZlib,
    brotliOptions: { params: { ...TEXT_MODE, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 4 },
  });
});
