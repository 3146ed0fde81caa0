// No zod here: the screens that only show lengths load this without loading zod.

/**
 * Lengths in the user's unit and number format (CONTRACT.md section 17). The API and the database
 * speak yards; a user may read and type metres, and Indonesian writes `1.234,5`.
 *
 * Conversion is in integer hundredths, never floats: 1 yd = 0.9144 m exactly, so hundredths of a
 * metre become hundredths of a yard by x 10000 / 9144, rounded half-even, and back by x 9144 / 10000,
 * rounded half-even. One hundredth of a yard is 0.9144 hundredths of a metre (less than one), so a
 * 2-decimal metre value typed comes back unchanged when it is shown again.
 */
export type LengthUnit = "yd" | "m";
export type Language = "en" | "id";

export const LENGTH_UNITS = ["yd", "m"] as const satisfies readonly LengthUnit[];
export const LANGUAGES = ["en", "id"] as const satisfies readonly Language[];

const METRE_E4_PER_YARD = 9144n;
const E4 = 10000n;

/** n / d rounded half to even, for integers (d > 0). */
function divHalfEven(n: bigint, d: bigint): bigint {
  // Stryker disable next-line EqualityOperator: equivalent, -0n is 0n
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = abs / d;
  const twice = (abs % d) * 2n;
  const up = twice > d || (twice === d && q % 2n === 1n);
  const rounded = up ? q + 1n : q;
  return negative ? -rounded : rounded;
}

/** Hundredths of a metre as hundredths of a yard (half-even). */
export function metreCentiToYardCenti(metreCenti: number): number {
  return Number(divHalfEven(BigInt(metreCenti) * E4, METRE_E4_PER_YARD));
}

/** Hundredths of a yard as hundredths of a metre (half-even). */
export function yardCentiToMetreCenti(yardCenti: number): number {
  return Number(divHalfEven(BigInt(yardCenti) * METRE_E4_PER_YARD, E4));
}

/** Yards (at most 2 decimals) in `unit`, as hundredths of that unit. */
export function yardsToUnitCenti(yards: number, unit: LengthUnit): number {
  const centi = Math.round(yards * 100);
  return unit === "yd" ? centi : yardCentiToMetreCenti(centi);
}

const formatters = new Map<Language, Intl.NumberFormat>();
function formatterFor(language: Language): Intl.NumberFormat {
  let f = formatters.get(language);
  // Stryker disable next-line ConditionalExpression: equivalent, a new formatter formats alike (the map only spares making one per figure)
  if (!f) {
    f = new Intl.NumberFormat(language === "id" ? "id-ID" : "en-US", {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    // Stryker disable next-line CallExpression: equivalent, the map only spares making a formatter per figure
    formatters.set(language, f);
  }
  return f;
}

/**
 * A length in yards shown in the user's unit and language with exactly two decimals: `1,234.50`
 * (en), `1.234,50` (id). The unit's name is the caller's (a column header or a suffix).
 */
export function formatLength(yards: number, unit: LengthUnit, language: Language): string {
  return formatterFor(language).format(yardsToUnitCenti(yards, unit) / 100);
}

/** Why a typed length was refused; the screen maps each to a message in the user's language. */
export type LengthParseError =
  | "empty"
  | "notANumber"
  | "tooManyDecimals"
  /** The other language's decimal mark: "12,5" in English, "12.5" in Indonesian. */
  | "wrongDecimalMark"
  /**
   * One thousands mark, three digits and no decimals ("1,500" in English, "1.500" in Indonesian):
   * the same keys typed by a clerk used to the other convention mean a thousandth of it.
   */
  | "ambiguousGrouping";

export type LengthParse = { ok: true; yards: number } | { ok: false; error: LengthParseError };

const MARKS: Record<Language, { decimal: string; group: string }> = {
  en: { decimal: ".", group: "," },
  id: { decimal: ",", group: "." },
};
const esc = (mark: string) => (mark === "." ? "\\." : mark);
const PATTERNS = new Map(
  LANGUAGES.map((language) => {
    const d = esc(MARKS[language].decimal);
    const g = esc(MARKS[language].group);
    return [
      language,
      {
        plain: new RegExp(`^(\\d+)(?:${d}(\\d*))?$|^${d}(\\d+)$`),
        grouped: new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+)(?:${d}(\\d*))?$`),
        // A number written with the other language's decimal mark (and no mark of this one).
        foreign: new RegExp(`^\\d*${g}\\d+$`),
      },
    ] as const;
  }),
);

function split(text: string, language: Language): { whole: string; fraction: string } | LengthParseError {
  const p = PATTERNS.get(language);
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, every Language has its patterns
  if (!p) return "notANumber";
  const plain = p.plain.exec(text);
  if (plain) {
    // Stryker disable next-line StringLiteral: equivalent, Number("") is 0 as Number("0") is
    const whole = plain[1] ?? "0";
    return { whole, fraction: plain[2] ?? plain[3] ?? "" };
  }
  const grouped = p.grouped.exec(text);
  if (grouped) {
    // Stryker disable next-line StringLiteral: equivalent, the pattern's first group always takes part
    const groups = (grouped[1] ?? "").split(MARKS[language].group);
    if (groups.length === 2 && grouped[2] === undefined) return "ambiguousGrouping";
    return { whole: groups.join(""), fraction: grouped[2] ?? "" };
  }
  return p.foreign.test(text) ? "wrongDecimalMark" : "notANumber";
}

/**
 * What a clerk typed, in their unit and language, as yards (2 decimals, half-even from metres).
 * A leading minus is kept for the caller's rules to refuse by name.
 */
export function parseLength(input: string, unit: LengthUnit, language: Language): LengthParse {
  const trimmed = input.trim();
  if (trimmed === "") return { ok: false, error: "empty" };
  const negative = trimmed.startsWith("-");
  const body = negative ? trimmed.slice(1) : trimmed;
  const parts = split(body, language);
  if (typeof parts === "string") return { ok: false, error: parts };
  if (parts.fraction.length > 2) return { ok: false, error: "tooManyDecimals" };
  const centi = Number(parts.whole) * 100 + Number(parts.fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(centi)) return { ok: false, error: "notANumber" };
  const yardCenti = unit === "yd" ? centi : metreCentiToYardCenti(centi);
  const yards = yardCenti / 100;
  return { ok: true, yards: negative && yards !== 0 ? -yards : yards };
}
