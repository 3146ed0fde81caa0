import type { Language, LengthUnit } from "../../domain/length-units";
import { type Catalog, fillText, type Values } from "./message";

// The locale lives outside React so that code outside components (toasts, schema messages, the
// formatters of lib/format.ts) reads the same language as the screen. Components subscribe through
// useT() (index.ts), which re-renders them when it changes.

export interface Locale {
  language: Language;
  lengthUnit: LengthUnit;
}

let current: Locale = { language: "en", lengthUnit: "yd" };
const catalogs: Partial<Record<Language, Catalog>> = {};
const loaders: Partial<Record<Language, () => Promise<Catalog>>> = {};
const listeners = new Set<() => void>();

export const getLocale = (): Locale => current;

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A catalog at hand (English, compiled into the main bundle), or how to fetch one (Indonesian). */
export function provideCatalog(language: Language, catalog: Catalog | (() => Promise<Catalog>)): void {
  if (typeof catalog === "function") loaders[language] = catalog;
  else catalogs[language] = catalog;
}

export const hasCatalog = (language: Language): boolean => Boolean(catalogs[language]);

/** Fetch a language's catalog if it is not here yet (resolves at once when it is). */
export async function loadCatalog(language: Language): Promise<void> {
  if (catalogs[language]) return;
  const load = loaders[language];
  if (load) catalogs[language] = await load();
}

/**
 * Switch the language and length unit. A language whose catalog is not loaded yet is fetched first,
 * so the screen never shows half a language.
 */
export async function setLocale(next: Locale): Promise<void> {
  await loadCatalog(next.language);
  if (next.language === current.language && next.lengthUnit === current.lengthUnit) return;
  current = { language: next.language, lengthUnit: next.lengthUnit };
  for (const listener of listeners) listener();
}

/**
 * The message `key` in the current language, filled with `values`. A key the language lacks falls
 * back to English, then to the key itself (a test keeps the catalogs complete; the key shows a gap).
 */
export function translate(key: string, values?: Values): string {
  const message = catalogs[current.language]?.[key] ?? catalogs.en?.[key];
  return message === undefined ? key : fillText(message, values, current.language);
}

/** The message of `key` in the current language, for `<T>`; undefined when no catalog has it. */
export const messageFor = (key: string) => catalogs[current.language]?.[key] ?? catalogs.en?.[key];

/** Whether `key` is a catalog key (validation messages are keys; server texts are not). */
export const isKey = (key: string): boolean => Boolean(catalogs.en && key in catalogs.en);

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
    for (const [key, message] of Object.entries(catalogs.en ?? {}))
      if (typeof message === "string") englishIndex.set(message, key);
  }
  const key = englishIndex.get(text);
  return key ? translate(key) : text;
}
