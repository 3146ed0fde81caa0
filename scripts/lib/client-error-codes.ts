/**
 * The error registry as the browser gets it (issue 35). The domain's schemas build their English
 * messages from the registry's templates as they load (`errorText("CODE")`), so every code's text
 * (some 23 KB) came with the forms, though a form shows a handful. In the client build,
 * src/domain/error-codes.ts is replaced by this module: every code's name (a schema names them:
 * common.ts's errorCodeSchema) and the templates the domain's code names. Every code's message in
 * the reader's language comes with the first error answer instead (the errors' catalog,
 * src/client/lib/api-client.ts). The server and the tests use the registry itself.
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { ERROR_CODES, ERROR_TEMPLATES, type ErrorCode } from "../../src/domain/error-codes";

export const CLIENT_ERROR_CODES_ID = "\0fabric:client-error-codes";
const DOMAIN_DIR = path.resolve(import.meta.dirname, "../../src/domain");
/** Where errorText is defined, and used with a code it was given (codeOfMessage: the server's). */
const ERROR_TEXT = path.join(DOMAIN_DIR, "error-text.ts");

/** The codes the domain's code names in `errorText("CODE"...)`; any other call fails the build. */
export function codesNamedByDomain(): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  for (const file of fs.readdirSync(DOMAIN_DIR)) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const full = path.join(DOMAIN_DIR, file);
    if (full === ERROR_TEXT) continue;
    const text = fs.readFileSync(full, "utf8");
    for (const m of text.matchAll(/\berrorText\(\s*("([A-Z0-9_]+)")?/g)) {
      const code = m[2] as ErrorCode | undefined;
      if (!code || !(code in ERROR_TEMPLATES))
        throw new Error(
          `${file}: errorText( must name a registered code in quotes (the client's registry is built from them)`,
        );
      codes.add(code);
    }
  }
  return [...codes].sort();
}

export function clientErrorCodes(): Plugin {
  return {
    name: "fabric:client-error-codes",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || path.dirname(importer) !== DOMAIN_DIR) return undefined;
      return /^\.\/error-codes(\.ts)?$/.test(source) ? CLIENT_ERROR_CODES_ID : undefined;
    },
    load(id) {
      if (id !== CLIENT_ERROR_CODES_ID) return undefined;
      const templates = Object.fromEntries(codesNamedByDomain().map((c) => [c, ERROR_TEMPLATES[c]]));
      return [
        `export const ERROR_CODES = ${JSON.stringify(ERROR_CODES)};`,
        `export const ERROR_TEMPLATES = ${JSON.stringify(templates)};`,
      ].join("\n");
    },
  };
}
