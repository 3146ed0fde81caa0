import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  compileCatalog,
  compileMessage,
  MESSAGES_DIR,
  readCatalog,
} from "../../../scripts/lib/i18n-catalogs";

/**
 * Issue 35 point 2: every English message has its Indonesian one (and no more), with the same
 * placeholders; every key is used by some code; every key the code names exists.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const en = readCatalog("en");
const id = readCatalog("id");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "messages" ? [] : sourceFiles(p);
    return /\.(tsx?|mts)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}
const read = (dir: string) => sourceFiles(path.join(ROOT, dir)).map((f) => fs.readFileSync(f, "utf8"));
const client = read("src/client");
const serverAndDomain = [...read("src/server"), ...read("src/domain")].join("\n");

// String literals of the client: plain ones name a key; a template names a family of keys
// (`common.kind.${kind}.label`), each ${...} standing for one segment.
const LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;
const literals = new Set<string>();
const templates: { re: RegExp; head: string }[] = [];
for (const text of client) {
  for (const m of text.matchAll(LITERAL)) {
    const value = m[1] ?? m[2] ?? m[3] ?? "";
    if (m[3] !== undefined && value.includes("${")) {
      const pattern = value
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&"))
        .join("[^.]+");
      templates.push({ re: new RegExp(`^${pattern}$`), head: value.slice(0, value.indexOf("${")) });
    } else literals.add(value);
  }
}

function isUsed(key: string): boolean {
  if (literals.has(key) || templates.some((t) => t.re.test(key))) return true;
  // errors.<CODE>: shown for a server error of that code.
  const code = /^errors\.([A-Z][A-Z0-9_]+)$/.exec(key)?.[1];
  if (code && serverAndDomain.includes(`"${code}"`)) return true;
  // A message the server or a shared schema writes in English, translated by its text.
  // (A sentence, not a word: "x" or "Main" appears in code for other reasons.)
  const english = en[key] ?? "";
  if (!english.includes(" ")) return false;
  return ['"', "'", "`"].some((q) => serverAndDomain.includes(`${q}${english}${q}`));
}

type Compiled = ReturnType<typeof compileMessage>;

/** Arguments (name and kind), plural/select cases' arguments and rich-text tags of a message. */
function placeholders(text: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Compiled) => {
    for (const token of tokens) {
      if (typeof token === "string") {
        for (const tag of token.matchAll(/<\/?(\w+)>/g)) found.add(`<${tag[1]}>`);
        continue;
      }
      const [name, kind, format] = token;
      found.add(`${name}:${kind ?? "text"}`);
      if ((kind === "plural" || kind === "select") && format && typeof format === "object")
        for (const [key, value] of Object.entries(format))
          if (key !== "offset" && Array.isArray(value)) walk(value);
    }
  };
  walk(compileMessage(text));
  return [...found].sort();
}

describe("message catalogs", () => {
  it("have the same areas in both languages", () => {
    const areas = (lang: string) => fs.readdirSync(path.join(MESSAGES_DIR, lang)).sort();
    expect(areas("id")).toEqual(areas("en"));
  });

  it("give every English message an Indonesian one, and Indonesian no message English lacks", () => {
    expect(Object.keys(en).filter((k) => !(k in id))).toEqual([]);
    expect(Object.keys(id).filter((k) => !(k in en))).toEqual([]);
    expect(Object.entries(id).filter(([, text]) => text.trim() === "")).toEqual([]);
  });

  it("use the same placeholders and tags in both languages", () => {
    const differ = Object.keys(en)
      .filter((k) => k in id)
      .filter((k) => placeholders(en[k] ?? "").join() !== placeholders(id[k] ?? "").join());
    expect(differ).toEqual([]);
  });

  it("compile", () => {
    expect(() => compileCatalog("en")).not.toThrow();
    expect(() => compileCatalog("id")).not.toThrow();
  });

  it("hold no key that no code uses", () => {
    expect(Object.keys(en).filter((k) => !isUsed(k))).toEqual([]);
  });

  it("hold every key the code names", () => {
    const areas = [...new Set(Object.keys(en).map((k) => k.split(".")[0]))];
    const keyLike = new RegExp(`^(${areas.join("|")})\\.[A-Za-z0-9_.-]*[A-Za-z0-9]$`);
    const missing = [...literals].filter((s) => keyLike.test(s) && !(s in en));
    const areaHead = new RegExp(`^(${areas.join("|")})\\.`);
    const families = templates.filter(
      (t) => areaHead.test(t.head) && !Object.keys(en).some((k) => t.re.test(k)),
    );
    expect(missing).toEqual([]);
    expect(families.map((t) => String(t.re))).toEqual([]);
  });
});
