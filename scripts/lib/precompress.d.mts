export declare const PRECOMPRESSED_EXTENSIONS: string[];
export declare const PRECOMPRESS_MIN_BYTES: number;
export interface PrecompressSummary {
  /** Files compressed. */
  files: number;
  rawBytes: number;
  /** Their sizes as sent to a client accepting br (or gzip); a file not made smaller counts raw. */
  brBytes: number;
  gzipBytes: number;
}
/** Writes .br and .gz beside the built client's text assets (see precompress.mjs). */
export declare function precompressDir(dir: string): Promise<PrecompressSummary>;
