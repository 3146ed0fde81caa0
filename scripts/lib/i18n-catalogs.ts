/**
 * The message catalogs (src/client/i18n/messages/<lang>/<area>.json) merged per language and
 * compiled from ICU MessageFormat to the tokens of src/client/i18n/message.ts, at build time: the
 * browser gets no ICU parser. Decision 016 named Lingui's compiler for this; Lingui is not installed,
 * so the ICU parser that is (@formatjs/icu-messageformat-parser) does the parsing.
 */
import fs from "node:fs";
import path from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";
import type { Catalog, Message, Token } from "../../src/client/i18n/message";

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

function tokens(elements: MessageFormatElement[], where: string): Token[] {
  const out: Token[] = [];
  const push = (token: Token) => {
    const last = out.at(-1);
    if (typeof token === "string" && typeof last === "string") out[out.length - 1] = last + token;
    else out.push(token);
  };
  const cases = (options: Record<string, { value: MessageFormatElement[] }>) =>
    Object.fromEntries(Object.entries(options).map(([k, v]) => [k, tokens(v.value, where)]));
  for (const el of elements) {
    switch (el.type) {
      case TYPE.literal:
        push(el.value);
        break;
      case TYPE.argument:
        push([0, el.value]);
        break;
      case TYPE.number:
        if (el.style) throw new Error(`${where}: {${el.value}, number, ...} styles are not supported`);
        push([4, el.value]);
        break;
      case TYPE.pound:
        push([3]);
        break;
      case TYPE.plural:
        if (el.pluralType === "ordinal") throw new Error(`${where}: selectordinal is not supported`);
        push([1, el.value, cases(el.options), el.offset]);
        break;
      case TYPE.select:
        push([2, el.value, cases(el.options)]);
        break;
      case TYPE.tag:
        push([5, el.value, tokens(el.children, where)]);
        break;
      default:
        // Dates and times are formatted by lib/format.ts and passed in as text.
        throw new Error(`${where}: dates and times go in as formatted text (lib/format.ts)`);
    }
  }
  return out;
}

/** One ICU message as the runtime's form: a plain string when it has no placeholders. */
export function compileMessage(text: string, where = "message"): Message {
  const compiled = tokens(parse(text), where);
  if (compiled.length === 0) return "";
  return compiled.length === 1 && typeof compiled[0] === "string" ? compiled[0] : compiled;
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
