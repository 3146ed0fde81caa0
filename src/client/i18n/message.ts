// No React, no catalog import: the store, the formatters and the unit tests use this alone.
import type { Messages } from "@lingui/core";

/**
 * A language's catalog as the build makes it (scripts/lib/i18n-catalogs.ts): every key's ICU
 * message compiled by @lingui/message-utils, so no ICU parser ships to the browser.
 */
export type Catalog = Messages;
export type Values = Record<string, string | number>;

/** The BCP 47 locale of a language: the number and date formats of the contract (section 17). */
export const intlLocale = (language: string): string => (language === "id" ? "id-ID" : "en-US");

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Numbers as the language writes them, up to 20 decimals (callers round first). */
export function numberFormat(language: string): Intl.NumberFormat {
  let f = numberFormats.get(language);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 20 });
    numberFormats.set(language, f);
  }
  return f;
}

/** A compiled message with no placeholder is its text alone. */
export const plainText = (message: Catalog[string]): string | undefined =>
  typeof message === "string"
    ? message
    : Array.isArray(message) && message.length === 1 && typeof message[0] === "string"
      ? message[0]
      : undefined;
