import { setupI18n } from "@lingui/core";
import type { Language, LengthUnit } from "../../domain/length-units";
import { type Catalog, plainText, type Values } from "./message";

// Lingui's runtime translates (i18n.load / activate / _); the length unit lives beside it. Both are
// outside React so that code outside components (toasts, schema messages, lib/format.ts) reads the
// same locale as the screen; components subscribe through useT() (index.ts).

export interface Locale {
  language: Language;
  lengthUnit: LengthUnit;
}

export const i18n = setupI18n();
let current: Locale = { language: "en", lengthUnit: "yd" };
/** The language the app is heading for: a part asked for meanwhile is fetched in it. */
let target: Language = "en";
const english: Catalog = {};
const listeners = new Set<() => void>();

/**
 * The catalogs come in parts (scripts/lib/i18n-parts.ts): "shell" (the first load's words),
 * "route/<name>" (a screen's own) and "errors" (the server's coded messages). English is in the
 * code of the shell and of each screen; another language's part is fetched when needed.
 */
export type Part = string;
type Loader = () => Promise<Catalog>;
const loaded: Record<Language, Set<Part>> = { en: new Set(), id: new Set() };
let loaders: Partial<Record<Language, Record<Part, Loader>>> = {};
/** The parts the app has asked for: a switch of language brings them all in the new language. */
const wanted = new Set<Part>(["shell"]);
const inFlight = new Map<string, Promise<void>>();

export const getLocale = (): Locale => current;

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A part's catalog in `language` (the unit tests give a whole language as the shell). */
export function provideCatalog(language: Language, catalog: Catalog, part: Part = "shell"): void {
  i18n.load(language, { ...catalog });
  loaded[language].add(part);
  if (language === "en") {
    Object.assign(english, catalog);
    englishIndex = undefined;
  }
  if (language === current.language) i18n.activate(language);
}

let routeParts: Record<string, Part[]> = {};

/** How to fetch each part in each language, and the parts of each route (load-catalogs.ts, from the build). */
export function registerLoaders(
  table: Partial<Record<Language, Record<Part, Loader>>>,
  parts: Record<string, Part[]> = {},
): void {
  loaders = table;
  routeParts = parts;
}

/** The words of the route module `name` (app/routes/<name>.tsx) beyond its English, which is in its code. */
export async function loadRouteMessages(name: string): Promise<void> {
  await Promise.all((routeParts[name] ?? []).map((part) => loadMessages(part)));
}

function loadPart(part: Part, language: Language): Promise<void> {
  const load = loaders[language]?.[part];
  if (loaded[language].has(part) || !load) return Promise.resolve();
  const key = `${language}:${part}`;
  let loading = inFlight.get(key);
  if (!loading) {
    loading = load()
      .then((catalog) => provideCatalog(language, catalog, part))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, loading);
  }
  return loading;
}

/**
 * Bring `part`'s messages in `language` (by default the one the app is heading for), and remember
 * that the app needs it. English needs no fetch for what the shell and the screens show (it is in
 * their code); another language brings the part's English too where the code has none (the
 * errors: translateMessage recognises a server's sentence by its English).
 */
export async function loadMessages(part: Part, language: Language = target): Promise<void> {
  wanted.add(part);
  if (language === "en") return;
  await Promise.all([loadPart(part, language), loadPart(part, "en")]);
}

/** Whether every part the app has asked for is here in `language` (English's are in the code). */
export const hasCatalog = (language: Language): boolean =>
  language === "en" || [...wanted].every((part) => loaded[language].has(part) || !loaders[language]?.[part]);

/** Start fetching what the app has asked for in `language`, the one it now expects to show. */
export async function loadCatalog(language: Language): Promise<void> {
  target = language;
  await Promise.all([...wanted].map((part) => loadMessages(part, language)));
}

/**
 * Switch the language and length unit. The parts the app has asked for are fetched first in a
 * language not loaded yet, so the screen never shows half a language.
 */
export async function setLocale(next: Locale): Promise<void> {
  await loadCatalog(next.language);
  if (next.language === current.language && next.lengthUnit === current.lengthUnit) return;
  current = { language: next.language, lengthUnit: next.lengthUnit };
  i18n.activate(current.language);
  for (const listener of listeners) listener();
}

/**
 * The message `key` in the current language, filled with `values`. A key the catalogs lack shows
 * as itself (a test keeps the catalogs complete; the key shows the gap).
 */
export function translate(key: string, values?: Values): string {
  return i18n.locale ? i18n._(key, values) : key;
}

/** Whether `key` is a catalog key (validation messages are keys; server texts are not). */
export const isKey = (key: string): boolean => Object.hasOwn(english, key);

let englishIndex: Map<string, string> | undefined;
/**
 * A message that is either a catalog key or the English text of one (a domain schema's message,
 * shared with the server, is English), in the current language; any other text as it is.
 */
export function translateMessage(text: string): string {
  if (isKey(text)) return translate(text);
  if (current.language === "en") return text;
  if (!englishIndex) {
    englishIndex = new Map();
    for (const [key, message] of Object.entries(english)) {
      const plain = plainText(message);
      if (plain !== undefined) englishIndex.set(plain, key);
    }
  }
  const key = englishIndex.get(text);
  return key ? translate(key) : text;
}
