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
let english: Catalog = {};
const loaded = new Set<Language>();
const loaders: Partial<Record<Language, () => Promise<Catalog>>> = {};
const listeners = new Set<() => void>();

export const getLocale = (): Locale => current;

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A catalog at hand (English, compiled into the main bundle), or how to fetch one (Indonesian). */
export function provideCatalog(language: Language, catalog: Catalog | (() => Promise<Catalog>)): void {
  if (typeof catalog === "function") {
    loaders[language] = catalog;
    return;
  }
  i18n.load(language, catalog);
  loaded.add(language);
  if (language === "en") {
    english = catalog;
    englishIndex = undefined;
  }
  if (language === current.language) i18n.activate(language);
}

export const hasCatalog = (language: Language): boolean => loaded.has(language);

/** Fetch a language's catalog if it is not here yet (resolves at once when it is). */
export async function loadCatalog(language: Language): Promise<void> {
  const load = loaders[language];
  if (loaded.has(language) || !load) return;
  provideCatalog(language, await load());
}

/**
 * Switch the language and length unit. A language whose catalog is not loaded yet is fetched first,
 * so the screen never shows half a language.
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
