import { parseLength, yardsToUnitCenti } from "../../../../domain/length-units";
import { PLAIN_YARDS } from "../../../../domain/yards";
import { getLocale, type Locale } from "../../../i18n/store";

// Lengths as the form's fields hold them: text in the user's unit and decimal mark (CONTRACT.md
// section 17), read as yards for the API and for every limit, which compare in yards.

/**
 * English in yards reads lengths as it always did (plain numbers, any decimals for the domain rule
 * to name); another language or metres reads them as lib/format.ts does (CONTRACT.md section 17).
 */
const plainYards = ({ language, lengthUnit }: Locale = getLocale()) =>
  language === "en" && lengthUnit === "yd";

/** Why a typed length is no length in the user's unit and language; null when it is one or blank. */
export function lengthError(text: string) {
  if (text.trim() === "" || plainYards()) return null;
  const { language, lengthUnit } = getLocale();
  const parsed = parseLength(text, lengthUnit, language);
  return parsed.ok ? null : parsed.error;
}

/** Something is typed in a length field that is not a number (1e3, 0x10, 1,5 in English, 12 yd...). */
export function isMalformedYards(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === "") return false;
  return plainYards() ? !PLAIN_YARDS.test(trimmed) : parseYards(trimmed) === null;
}

/** A length as typed in the user's unit (or `locale`'s), as yards: null when blank or not a number. */
export function parseYards(text: string, locale: Locale = getLocale()): number | null {
  const trimmed = text.trim();
  if (!plainYards(locale)) {
    if (trimmed === "") return null;
    const parsed = parseLength(trimmed, locale.lengthUnit, locale.language);
    return parsed.ok ? parsed.yards : null;
  }
  if (!PLAIN_YARDS.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** A plain number (inches, money) in the user's decimal mark; no unit: "12,5" in Indonesian. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  const plain = getLocale().language === "id" ? /^-?(\d+,?\d*|,\d+)$/ : PLAIN_YARDS;
  if (!plain.test(trimmed)) return null;
  const value = Number(trimmed.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

/**
 * Yards as a length field holds them, in the user's unit and decimal mark: "45.5", "41,61" (m).
 * No thousands marks: the clerk edits it.
 */
export function lengthText(yards: number, locale: Locale = getLocale()): string {
  const { language, lengthUnit } = locale;
  if (plainYards(locale)) return String(Math.round(yards * 100) / 100);
  const text = String(yardsToUnitCenti(yards, lengthUnit) / 100);
  return language === "id" ? text.replace(".", ",") : text;
}

/**
 * Lengths typed under `from` (a stored draft's language and unit) as the user's fields hold them
 * now: a draft typed in metres is not read as yards after a switch. Text that is no length stays.
 */
export function relocateLength(text: string, from: Locale, to: Locale = getLocale()): string {
  if (from.language === to.language && from.lengthUnit === to.lengthUnit) return text;
  const yards = parseYards(text, from);
  return yards === null ? text : lengthText(yards, to);
}
