import zlib from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers under /api over 1 KB (JSON, CSV; the /api/docs pages' scripts too) are compressed on the
 * fly, zstd, br or gzip by the request's Accept-Encoding, in that order of preference (CONTRACT.md
 * section 5; zstd is decision 011: Chromium and Firefox ask for it, and it is both faster to make
 * and faster to read than br or gzip; on a Node without zlib's zstd, before 22.15, br and gzip).
 * XLSX is a zip already and is left alone (types that mime-db does not call compressible never
 * are). The built client is never compressed here: its files are compressed at build time
 * (scripts/lib/precompress.mjs) and @fastify/static sends those copies (app.ts). Streamed list
 * answers (lib/list/list-body.ts) stay streamed: the compressor reads them chunk by chunk as the socket
 * drains.
 *
 * Levels are for speed (docs/performance.md, "Compression"; zstd's below): an answer sent whole
 * gets brotli quality 4 or gzip level 4, a few hundredths of a millisecond on the dashboard's
 * answer, JSON 4 to 15 times smaller. A streamed answer (over 1,000 rows: the whole stock list is
 * 13-17 MB of JSON at the large seed) gets quality 1 or level 1: 3.5x and 1.5x faster than 4
 * there, 9.4x and 8.5x smaller instead of 11.5x and 9.5x; compressing it at 4 took longer than the
 * query.
 * Request bodies are not decompressed: no client sends them compressed, and a small compressed body
 * must not expand past the 1 MiB body limit's intent.
 */
const TEXT_MODE = { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT };

/**
 * @fastify/compress makes streamed answers' compressors with `createX`, and compresses a whole
 * answer with `xSync` (and the options below) when the same zlib offers both and the answer is
 * within its `syncThreshold` (8 KB on 2 cores, 4 KB on more); a larger whole answer goes through
 * `createX` too. The stream constructors here ignore those options for the fast levels.
 */
export const STREAM_GZIP_LEVEL = 1;
export const STREAM_BROTLI_QUALITY = 1;
/**
 * Output buffer of a streamed answer's compressor: each one filled is a round trip between the
 * thread pool and the main thread; 256 KB instead of zlib's 16 KB makes ~16 times fewer.
 */
const STREAM_CHUNK_BYTES = 256 * 1024;
/** zlib's zstd (Node 22.15 and 23.8 on); the floor the app supports, 22.12, lacks it. */
export const ZSTD_AVAILABLE = typeof zlib.zstdCompressSync === "function";
/**
 * zstd levels: 1 for a streamed answer (the whole stock list: 22 ms instead of gzip 1's 46, 12x
 * smaller instead of 9x; read back in 11 ms instead of 34), the default 3 for one sent whole (a
 * 1,000-row answer in 0.3 ms, where br 4 takes 1.5 ms, and as small). Figures: decision 011.
 */
export const STREAM_ZSTD_LEVEL = 1;
const WHOLE_ZSTD_LEVEL = 3;
const zstdLevel = (level: number) => ({
  params: { [zlib.constants.ZSTD_c_compressionLevel]: level },
});
const streamZlib = {
  createZstdCompress: () =>
    zlib.createZstdCompress({ ...zstdLevel(STREAM_ZSTD_LEVEL), chunkSize: STREAM_CHUNK_BYTES }),
  zstdCompressSync: (payload: zlib.InputType) => zlib.zstdCompressSync(payload, zstdLevel(WHOLE_ZSTD_LEVEL)),
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
    encodings: ZSTD_AVAILABLE ? ["zstd", "br", "gzip"] : ["br", "gzip"],
    zlib: streamZlib,
    brotliOptions: { params: { ...TEXT_MODE, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 4 },
  });
});
