/**
 * The message catalogs (src/client/i18n/messages/<lang>/<area>.json) merged per language and
 * compiled from ICU MessageFormat by @lingui/message-utils at build time (decision 016): the browser
 * gets Lingui's small runtime and no ICU parser.
 */
import fs from "node:fs";
import path from "node:path";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import type { Catalog } from "../../src/client/i18n/message";

export const MESSAGES_DIR = path.resolve(import.meta.dirname, "../../src/client/i18n/messages");
export const CATALOG_LANGUAGES = ["en", "id"] as const;

/** Every `<area>.json` of a language as one flat object; a key outside its file's area is refused. */
export function readCatalog(language: string, dir = MESSAGES_DIR): Record<string, string> {
  const merged: Record<string, string> = {};
  const folder = path.join(dir, language);
  for (const file of fs
    .readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const area = file.slice(0, -".json".length);
    const entries = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) as Record<string, unknown>;
    for (const [key, text] of Object.entries(entries)) {
      if (!key.startsWith(`${area}.`))
        throw new Error(`${language}/${file}: key "${key}" must start with "${area}."`);
      if (typeof text !== "string") throw new Error(`${language}/${file}: "${key}" is not a string`);
      merged[key] = text;
    }
  }
  return merged;
}

/** One ICU message compiled for Lingui's runtime; a syntax error throws, naming the key. */
export function compileMessage(text: string, where = "message"): CompiledMessage {
  try {
    return compileMessageOrThrow(text);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
}

export function compileCatalog(language: string, dir = MESSAGES_DIR): Catalog {
  const raw = readCatalog(language, dir);
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, compileMessage(v, `${language}: ${k}`)]));
}

const PREFIX = "virtual:i18n/";

/** `import en from "virtual:i18n/en"`: that language's catalog, compiled; rebuilt when a file changes. */
export function i18nCatalogs(): Plugin {
  return {
    name: "fabric:i18n-catalogs",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const language = id.slice(PREFIX.length + 1);
      const folder = path.join(MESSAGES_DIR, language);
      for (const f of fs.readdirSync(folder)) this.addWatchFile(path.join(folder, f));
      return `export default ${JSON.stringify(compileCatalog(language))};`;
    },
  };
}
