import { format } from "date-fns";
import { id as idLocale } from "date-fns/locale/id";
import { afterEach, describe, expect, it } from "vitest";
import { compileCatalog } from "../../../scripts/lib/i18n-catalogs";
import { provideCatalog, setLocale, translateMessage } from "../i18n/store";
import {
  formatDate,
  formatLength,
  formatLengthWithUnit,
  formatLongDate,
  formatNumber,
  formatSignedLength,
  formatTimestampDate,
  lengthToText,
  parseTypedLength,
} from "./format";
import { typedLength } from "./length-schema";

// CONTRACT.md section 17: figures, dates and lengths in the signed-in user's language and unit.
provideCatalog("en", compileCatalog("en"));
provideCatalog("id", compileCatalog("id"));
afterEach(() => setLocale({ language: "en", lengthUnit: "yd" }));

describe("numbers", () => {
  it("group and mark decimals as each language writes them", async () => {
    expect(formatNumber(1234.5, { min: 2 })).toBe("1,234.50");
    expect(formatNumber(1234567)).toBe("1,234,567");
    await setLocale({ language: "id", lengthUnit: "yd" });
    expect(formatNumber(1234.5, { min: 2 })).toBe("1.234,50");
    expect(formatNumber(1234567)).toBe("1.234.567");
    expect(formatNumber(0.25)).toBe("0,25");
  });
});

describe("money", () => {
  it("takes the Indonesian marks for an Indonesian reader, the browser's otherwise", async () => {
    const { formatMoney } = await import("./money");
    const english = formatMoney(1234.5, "USD");
    await setLocale({ language: "id", lengthUnit: "m" });
    expect(formatMoney(1234.5, "IDR")).toMatch(/^Rp\s?1\.234,50$/);
    expect(formatMoney(1234.5, "USD")).toContain("1.234,50");
    await setLocale({ language: "en", lengthUnit: "yd" });
    expect(formatMoney(1234.5, "USD")).toBe(english);
  });
});

describe("dates", () => {
  it("stay the spec's English, and are day-month-year in Indonesian like date-fns' id locale", async () => {
    expect(formatDate("2026-11-28")).toBe("Nov 28, 2026");
    await setLocale({ language: "id", lengthUnit: "yd" });
    expect(formatDate("2026-11-28")).toBe("28 Nov 2026");
    expect(formatDate("2024-03-05")).toBe("5 Mar 2024");
    expect(formatDate("soon")).toBe("soon");
    for (let day = new Date(2025, 11, 20); day < new Date(2027, 0, 10); day.setDate(day.getDate() + 3)) {
      expect(formatDate(format(day, "yyyy-MM-dd"))).toBe(format(day, "d MMM yyyy", { locale: idLocale }));
      expect(formatTimestampDate(day.toISOString())).toBe(format(day, "d MMM yyyy", { locale: idLocale }));
      expect(formatLongDate(day)).toBe(format(day, "d MMMM yyyy", { locale: idLocale }));
    }
  });
});

describe("lengths", () => {
  it("show the API's yards in the user's unit and decimal mark", async () => {
    expect(formatLength(1234.5)).toBe("1,234.50");
    expect(formatLengthWithUnit(1234.5)).toBe("1,234.50 yd");
    await setLocale({ language: "en", lengthUnit: "m" });
    // 1234.5 yd x 0.9144 = 1128.8268 m
    expect(formatLengthWithUnit(1234.5)).toBe("1,128.83 m");
    await setLocale({ language: "id", lengthUnit: "m" });
    expect(formatLengthWithUnit(1234.5)).toBe("1.128,83 m");
    expect(formatSignedLength(5)).toBe("+4,57");
    expect(formatSignedLength(-3.25)).toBe("-2,97");
    await setLocale({ language: "id", lengthUnit: "yd" });
    expect(formatLengthWithUnit(1234.5)).toBe("1.234,50 yd");
  });

  it("read what a clerk types in their unit and mark, as yards, and give back what was typed", async () => {
    await setLocale({ language: "id", lengthUnit: "m" });
    expect(parseTypedLength("12,5")).toEqual({ ok: true, yards: 13.67 });
    expect(lengthToText(13.67)).toBe("12,50");
    expect(parseTypedLength(lengthToText(1234.5))).toEqual({ ok: true, yards: 1234.5 });
    expect(parseTypedLength("12.5")).toEqual({ ok: false, error: "wrongDecimalMark" });
    expect(parseTypedLength("12.500")).toEqual({ ok: false, error: "ambiguousGrouping" });
    await setLocale({ language: "en", lengthUnit: "yd" });
    expect(parseTypedLength("12.5")).toEqual({ ok: true, yards: 12.5 });
    expect(parseTypedLength("12,5")).toEqual({ ok: false, error: "wrongDecimalMark" });
  });

  it("refuse a wrong or ambiguous mark in a form with a message in the language of the moment", async () => {
    const schema = typedLength();
    await setLocale({ language: "id", lengthUnit: "m" });
    const wrong = schema.safeParse("12.5");
    expect(wrong.success).toBe(false);
    const key = wrong.error?.issues[0]?.message ?? "";
    expect(translateMessage(key)).toBe(
      "Gunakan koma untuk desimal, misalnya 12,5 (bahasa Anda Bahasa Indonesia)",
    );
    await setLocale({ language: "en", lengthUnit: "m" });
    expect(translateMessage(key)).toBe("Use a point for decimals, such as 12.5 (your language is English)");
    expect(schema.safeParse("12.5").data).toBe(13.67);
    expect(typedLength({ optional: true }).safeParse(" ").data).toBeUndefined();
  });
});

describe("messages", () => {
  it("translate a domain schema's English message and leave other text alone", async () => {
    await setLocale({ language: "id", lengthUnit: "yd" });
    expect(translateMessage("Username is required")).toBe("Nama pengguna wajib diisi");
    expect(translateMessage("auth.passwordsDiffer")).toBe("Kata sandi tidak sama");
    expect(translateMessage("Roll R-1 is not here")).toBe("Roll R-1 is not here");
  });
});
