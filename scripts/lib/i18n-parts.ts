/**
 * Which messages each part of the client names, read from the source, so that the build gives each
 * part its own catalog (i18n-catalogs.ts) and the first load carries only the shell's words:
 * - the shell: what main.tsx loads (the screens apart), the sign-in and setup pages, and the first
 *   screen (the dashboard), which shows without a fetch more;
 * - each route module (src/client/app/routes/<name>.tsx): its screen's words the shell lacks,
 *   fetched with the screen's code (router.tsx);
 * - the errors (`errors.<CODE>`): with the first error answer (api-client.ts) and with the forms.
 *
 * A module names the keys its string literals spell (`"rolls.title"`, also inside a template's
 * `${...}`) and the families its templates spell (`` `common.kind.${kind}.label` ``); a part names
 * those of every module it imports, statically or with import(), transitively. A module that shows
 * a shared schema's English sentence through translateMessage names the keys the code reaches only
 * by their English (validation.json, `transactions.domain.*`): those come with the shell, and the
 * errors' catalog with any form's part; one that says a message by its code (messageText, issueText)
 * gets the errors' catalog too.
 */
import fs from "node:fs";
import path from "node:path";

export const CLIENT_DIR = path.resolve(import.meta.dirname, "../../src/client");
export const ROUTES_DIR = path.join(CLIENT_DIR, "app/routes");
const MAIN = path.join(CLIENT_DIR, "main.tsx");
const FIRST_SCREEN = path.join(ROUTES_DIR, "dashboard.tsx");
/** It loads the errors' catalog itself, when an error answer arrives. */
const API_CLIENT = path.join(CLIENT_DIR, "lib/api-client.ts");
/** It defines the coded readers below; a module that calls one shows the errors' messages. */
const CODED_MESSAGE = path.join(CLIENT_DIR, "lib/coded-message.ts");
/**
 * The calls that show a server's or a schema's message in the reader's language: by its English
 * sentence (translateMessage) or by its code and params (an import's row errors and warnings, 200
 * answers that bring no error answer to load the errors' catalog).
 */
const SAYS_MESSAGES = /\b(?:translateMessage|messageText|issueText|codedText)\(/;

export const isErrorKey = (key: string): boolean => key.startsWith("errors.");

const IMPORT = /(?:^|[;\s])(?:import|export)\s+(?!type\s)(?:[^"'`;]*?\sfrom\s*)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
const LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;

interface ModuleFacts {
  literals: Set<string>;
  templates: RegExp[];
  next: string[];
  translatesSentences: boolean;
}

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The string literals and key templates of a source text (a template's `${...}` parts read too). */
function scan(text: string, literals: Set<string>, templates: RegExp[]): void {
  for (const m of text.matchAll(LITERAL)) {
    const value = m[1] ?? m[2] ?? m[3] ?? "";
    if (m[3] === undefined || !value.includes("${")) {
      literals.add(value);
      continue;
    }
    // A family of keys only when it starts with a key's first segment: `${a}.${b}` names no key.
    if (/^[A-Za-z]+\./.test(value)) {
      const pattern = value
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&"))
        .join("[^.]+");
      templates.push(new RegExp(`^${pattern}$`));
    }
    for (const inner of value.matchAll(/\$\{([^}]*)\}/g)) scan(inner[1] as string, literals, templates);
  }
}

/** The client's source read once: the keys of any part of it. */
export class MessageParts {
  private readonly facts = new Map<string, ModuleFacts>();
  private readonly unspelled: string[];
  private shell: Set<string> | undefined;
  private readonly routes = new Map<string, { keys: string[]; needsErrors: boolean }>();

  /** `keys`: every key of the English catalog. */
  constructor(readonly keys: readonly string[]) {
    const everywhere = this.namedBy(this.allClientModules());
    // Keys the code reaches only by their English sentence (validation.json and the like; the
    // catalog test proves each is a server's or a shared schema's sentence): with the shell, as
    // the sign-in page's form shows them too.
    this.unspelled = keys.filter((k) => !everywhere.has(k) && !isErrorKey(k));
  }

  private allClientModules(): ModuleFacts[] {
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) return e.name === "messages" ? [] : walk(p);
        return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
      });
    return walk(CLIENT_DIR).map((f) => this.factsOf(f));
  }

  private factsOf(file: string): ModuleFacts {
    const known = this.facts.get(file);
    if (known) return known;
    const text = fs.readFileSync(file, "utf8");
    const literals = new Set<string>();
    const templates: RegExp[] = [];
    // Only the client's code names keys (the domain's schemas write English sentences).
    if (file.startsWith(CLIENT_DIR)) scan(text, literals, templates);
    const specs = (re: RegExp) =>
      [...text.matchAll(re)].flatMap((m) => resolve(file, m[1] as string) ?? []).filter((f) => f !== file);
    const facts = {
      literals,
      templates,
      next: [...specs(IMPORT), ...specs(DYNAMIC_IMPORT)],
      translatesSentences:
        SAYS_MESSAGES.test(text) &&
        !file.startsWith(path.join(CLIENT_DIR, "i18n")) &&
        file !== API_CLIENT &&
        file !== CODED_MESSAGE,
    };
    this.facts.set(file, facts);
    return facts;
  }

  /** Every module `entry` loads, statically or with import(), except those under `skip`. */
  private closure(entry: string, skip?: string): ModuleFacts[] {
    const seen = new Map<string, ModuleFacts>();
    const visit = (file: string) => {
      if (seen.has(file) || (skip && file !== entry && file.startsWith(skip))) return;
      const facts = this.factsOf(file);
      seen.set(file, facts);
      for (const next of facts.next) visit(next);
    };
    visit(entry);
    return [...seen.values()];
  }

  private namedBy(modules: ModuleFacts[]): Set<string> {
    const literals = new Set(modules.flatMap((m) => [...m.literals]));
    const templates = modules.flatMap((m) => m.templates);
    const named = new Set(this.keys.filter((k) => literals.has(k) || templates.some((t) => t.test(k))));
    for (const k of named) if (isErrorKey(k)) named.delete(k);
    return named;
  }

  /** The shell's keys (main.tsx's modules, the screens apart, and the first screen's). */
  shellKeys(): Set<string> {
    if (!this.shell) {
      this.shell = this.namedBy([
        ...this.closure(MAIN, `${ROUTES_DIR}${path.sep}`),
        ...this.closure(FIRST_SCREEN),
      ]);
      for (const k of this.unspelled) this.shell.add(k);
    }
    return this.shell;
  }

  /** A route module's keys the shell lacks, and whether its forms show the errors' messages. */
  route(name: string): { keys: string[]; needsErrors: boolean } {
    const known = this.routes.get(name);
    if (known) return known;
    const modules = this.closure(path.join(ROUTES_DIR, `${name}.tsx`));
    const shell = this.shellKeys();
    const route = {
      keys: [...this.namedBy(modules)].filter((k) => !shell.has(k)),
      needsErrors: modules.some((m) => m.translatesSentences),
    };
    this.routes.set(name, route);
    return route;
  }
}

/** The route modules' names (file names without .tsx). */
export function routeNames(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
    .map((f) => f.slice(0, -".tsx".length))
    .sort();
}
