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
import { isErrorKey, MessageParts, ROUTES_DIR, routeNames } from "./i18n-parts";

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
const STORE = path.resolve(import.meta.dirname, "../../src/client/i18n/store.ts");

/** A catalog's keys that are in `keys`, compiled. */
function compileKeys(catalog: Catalog, keys: Iterable<string>): Catalog {
  const wanted = new Set(keys);
  return Object.fromEntries(Object.entries(catalog).filter(([k]) => wanted.has(k)));
}

/**
 * The catalogs in parts (i18n-parts.ts says which keys each part names), so that the first load
 * carries only the shell's English and each screen brings its own words:
 * - `virtual:i18n/<lang>/shell`, `virtual:i18n/<lang>/errors`, `virtual:i18n/<lang>/route/<name>`:
 *   that part of a language's catalog, compiled;
 * - `virtual:i18n/parts`: how to fetch each part in each language, and which parts a route needs
 *   (router.tsx fetches them beside the route's code);
 * - each route module imports its part's English (`virtual:i18n/register/route/<name>`, added here),
 *   so an English reader fetches no file more for a screen.
 * Everything is rebuilt when a catalog file changes.
 */
export function i18nCatalogs(): Plugin {
  const compiled = new Map<string, Catalog>();
  let parts: MessageParts | undefined;
  const catalogOf = (language: string) => {
    let c = compiled.get(language);
    if (!c) {
      c = compileCatalog(language);
      compiled.set(language, c);
    }
    return c;
  };
  const partsOf = () => {
    parts ??= new MessageParts(Object.keys(catalogOf("en")));
    return parts;
  };
  // The dev server serves every word with the shell: a key added to a module shows at once,
  // without the parts being read again.
  let serving = false;
  const keysOf = (part: string): Iterable<string> => {
    if (part === "errors") return Object.keys(catalogOf("en")).filter(isErrorKey);
    if (serving) return part === "shell" ? Object.keys(catalogOf("en")).filter((k) => !isErrorKey(k)) : [];
    if (part === "shell") return partsOf().shellKeys();
    return partsOf().route(part.slice("route/".length)).keys;
  };
  const routesWithWords = () =>
    serving ? [] : routeNames().filter((r) => partsOf().route(r).keys.length > 0);
  return {
    name: "fabric:i18n-catalogs",
    configResolved(config) {
      serving = config.command === "serve";
    },
    watchChange() {
      compiled.clear();
      parts = undefined;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    transform(code, id) {
      if (serving) return undefined;
      const name = path.relative(ROUTES_DIR, id).replace(/\.tsx$/, "");
      if (name.includes("/") || name.startsWith("..") || !id.endsWith(".tsx")) return undefined;
      if (partsOf().route(name).keys.length === 0) return undefined;
      // At the end: imports are hoisted anyway, and the source map's lines stay the module's.
      return { code: `${code}\nimport "${PREFIX}register/route/${name}";`, map: null };
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      for (const language of CATALOG_LANGUAGES) {
        const folder = path.join(MESSAGES_DIR, language);
        for (const f of fs.readdirSync(folder)) this.addWatchFile(path.join(folder, f));
      }
      const rest = id.slice(PREFIX.length + 1);
      if (rest === "parts") {
        const routes = routesWithWords();
        const routeParts = Object.fromEntries(
          routeNames().map((r) => [
            r,
            [
              ...(routes.includes(r) ? [`route/${r}`] : []),
              ...(partsOf().route(r).needsErrors ? ["errors"] : []),
            ],
          ]),
        );
        const loader = (language: string, part: string) =>
          `${JSON.stringify(part)}: () => import("${PREFIX}${language}/${part}").then((m) => m.default)`;
        const table = (language: string, list: string[]) =>
          `{ ${list.map((p) => loader(language, p)).join(", ")} }`;
        return [
          `export const routeParts = ${JSON.stringify(routeParts)};`,
          `export const loaders = { en: ${table("en", ["errors"])}, id: ${table("id", ["shell", "errors", ...routes.map((r) => `route/${r}`)])} };`,
        ].join("\n");
      }
      if (rest.startsWith("register/")) {
        const part = rest.slice("register/".length);
        const catalog = compileKeys(catalogOf("en"), keysOf(part));
        return `import { provideCatalog } from ${JSON.stringify(STORE)};\nprovideCatalog("en", ${JSON.stringify(catalog)}, ${JSON.stringify(part)});`;
      }
      const [language = "", ...part] = rest.split("/");
      if (!(CATALOG_LANGUAGES as readonly string[]).includes(language)) return undefined;
      return `export default ${JSON.stringify(compileKeys(catalogOf(language), keysOf(part.join("/"))))};`;
    },
  };
}
