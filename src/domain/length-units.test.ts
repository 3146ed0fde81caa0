import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatLength,
  LANGUAGES,
  type Language,
  metreCentiToYardCenti,
  parseLength,
  yardCentiToMetreCenti,
} from "./length-units";
import { hasAtMostTwoDecimals } from "./yards";

const parsed = (text: string, unit: "yd" | "m", language: Language) => {
  const result = parseLength(text, unit, language);
  if (!result.ok) throw new Error(`"${text}" was refused: ${result.error}`);
  return result.yards;
};
const refusal = (text: string, language: Language, unit: "yd" | "m" = "yd") => {
  const result = parseLength(text, unit, language);
  return result.ok ? `accepted as ${result.yards}` : result.error;
};

describe("metres and yards (1 yd = 0.9144 m, half-even to the hundredth)", () => {
  it("converts the textbook values", () => {
    expect(yardCentiToMetreCenti(100)).toBe(91); // 1 yd = 0.9144 m -> 0.91
    expect(metreCentiToYardCenti(100)).toBe(109); // 1 m = 1.0936 yd -> 1.09
    expect(metreCentiToYardCenti(9144)).toBe(10000); // 91.44 m is exactly 100 yd
    expect(yardCentiToMetreCenti(10000)).toBe(9144);
    expect(yardCentiToMetreCenti(-2350)).toBe(-2149); // signs are kept: -23.50 yd = -21.4884 m
  });

  it("rounds an exact half to the even hundredth", () => {
    // 0.9144 x 125 = 114.3 -> not a half; 0.9144 x 625 = 571.5 hundredths of a metre: a half, 571 is odd -> 572.
    expect(yardCentiToMetreCenti(625)).toBe(572);
    // 0.9144 x 1875 = 1714.5 -> 1714 is even: stays.
    expect(yardCentiToMetreCenti(1875)).toBe(1714);
    expect(yardCentiToMetreCenti(-625)).toBe(-572);
  });

  it("brings every 2-decimal metre value back unchanged (typed, stored in yards, shown again)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (metreCenti) => {
        expect(yardCentiToMetreCenti(metreCentiToYardCenti(metreCenti))).toBe(metreCenti);
      }),
    );
  });

  it("gives yards the API accepts: at most two decimals, whatever metres were typed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (metreCenti) => {
        const yards = parsed((metreCenti / 100).toFixed(2), "m", "en");
        expect(hasAtMostTwoDecimals(yards)).toBe(true);
      }),
    );
  });
});

describe("showing a length", () => {
  it("uses the language's marks with exactly two decimals", () => {
    expect(formatLength(1234.5, "yd", "en")).toBe("1,234.50");
    expect(formatLength(1234.5, "yd", "id")).toBe("1.234,50");
    expect(formatLength(0, "yd", "id")).toBe("0,00");
    expect(formatLength(100, "m", "en")).toBe("91.44");
    expect(formatLength(23.5, "m", "id")).toBe("21,49");
  });

  it("reads back what it shows, in every language and unit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom("yd" as const, "m" as const),
        (centi, language, unit) => {
          const shown = formatLength(centi / 100, unit, language);
          const again = formatLength(parsed(shown, unit, language), unit, language);
          expect(again).toBe(shown);
          if (unit === "yd") expect(parsed(shown, unit, language)).toBe(centi / 100);
        },
      ),
    );
  });

  it("shows a typed metre value exactly as it was typed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 11 }),
        fc.constantFrom(...LANGUAGES),
        (metreCenti, language) => {
          const mark = language === "id" ? "," : ".";
          const typed = `${Math.floor(metreCenti / 100)}${mark}${String(metreCenti % 100).padStart(2, "0")}`;
          const shown = formatLength(parsed(typed, "m", language), "m", language);
          // The same figure, as the screen writes any 2-decimal number in that language.
          expect(shown).toBe(formatLength(metreCenti / 100, "yd", language));
        },
      ),
    );
  });
});

describe("typing a length", () => {
  it("reads the comma decimal in Indonesian and the point in English", () => {
    expect(parsed("12,5", "yd", "id")).toBe(12.5);
    expect(parsed("1.234,5", "yd", "id")).toBe(1234.5);
    expect(parsed("1.234.567,25", "yd", "id")).toBe(1234567.25);
    expect(parsed("12.5", "yd", "en")).toBe(12.5);
    expect(parsed("1,234.5", "yd", "en")).toBe(1234.5);
    expect(parsed(" 7 ", "yd", "en")).toBe(7);
    expect(parsed(",5", "yd", "id")).toBe(0.5);
    expect(parsed(".5", "yd", "en")).toBe(0.5);
    expect(parsed("12,", "yd", "id")).toBe(12);
  });

  it("converts typed metres to yards, half-even", () => {
    expect(parsed("1", "m", "en")).toBe(1.09);
    expect(parsed("91,44", "m", "id")).toBe(100);
    expect(parsed("21,49", "m", "id")).toBe(23.5);
  });

  it("keeps a minus sign for the form's rules to refuse by name", () => {
    expect(parsed("-3", "yd", "en")).toBe(-3);
    expect(parsed("-0", "yd", "en")).toBe(0);
  });

  it("refuses the other language's decimal mark, saying so", () => {
    expect(refusal("12,5", "en")).toBe("wrongDecimalMark");
    expect(refusal("12.5", "id")).toBe("wrongDecimalMark");
    expect(refusal("12.25", "id")).toBe("wrongDecimalMark");
  });

  it("refuses one thousands mark with three digits and no decimals: it reads a thousand times apart", () => {
    expect(refusal("12,500", "en")).toBe("ambiguousGrouping");
    expect(refusal("12.500", "id")).toBe("ambiguousGrouping");
    expect(refusal("1.234.567", "id")).toBe("accepted as 1234567");
    expect(refusal("12.500,0", "id")).toBe("accepted as 12500");
  });

  it("refuses more than two decimals in the typed unit, and what is not a number", () => {
    expect(refusal("1.234", "en")).toBe("tooManyDecimals");
    expect(refusal("1,234", "id")).toBe("tooManyDecimals");
    expect(refusal("0,005", "id", "m")).toBe("tooManyDecimals");
    for (const text of ["1O", "1e3", "0x10", "Infinity", "1,2,3", "1..2", "--1", "12 5", "١٢"]) {
      expect(refusal(text, "en"), text).toBe("notANumber");
      expect(refusal(text, "id"), text).toBe("notANumber");
    }
    expect(refusal("", "en")).toBe("empty");
    expect(refusal("   ", "id")).toBe("empty");
    // Too many digits to count in hundredths exactly.
    expect(refusal("99999999999999999", "en")).toBe("notANumber");
    expect(refusal("99.999.999.999.999.999", "id")).toBe("notANumber");
  });
});
