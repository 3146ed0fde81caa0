import { describe, expect, it } from "vitest";
import { formatDate, formatSignedYards, formatYards, parseIsoDate, toIsoDate } from "./format";

describe("formatDate", () => {
  it('shows a yyyy-MM-dd date like the spec\'s tables ("Mar 05, 2024")', () => {
    expect(formatDate("2024-03-05")).toBe("Mar 05, 2024");
    expect(formatDate("2024-12-31")).toBe("Dec 31, 2024");
  });

  it("keeps the calendar day in every time zone (no UTC shift)", () => {
    // The test process may run in any zone; a local-midnight parse never moves the day.
    expect(formatDate("2024-01-01")).toBe("Jan 01, 2024");
    expect(toIsoDate(parseIsoDate("2024-01-01") ?? new Date(Number.NaN))).toBe("2024-01-01");
  });

  it("leaves text that is not a date alone and shows nothing for no date", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate("")).toBe("");
    expect(formatDate(null)).toBe("");
    expect(parseIsoDate("2024-02-30")).toBeNull();
  });
});

describe("yards", () => {
  it("uses thousands separators and up to two decimals", () => {
    expect(formatYards(12345.5)).toBe("12,345.5");
    expect(formatSignedYards(5)).toBe("+5");
    expect(formatSignedYards(-3.25)).toBe("-3.25");
  });
});
