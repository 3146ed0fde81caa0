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
  it("uses thousands separators and exactly two decimals", () => {
    expect(formatYards(12345.5)).toBe("12,345.50");
    expect(formatSignedYards(5)).toBe("+5.00");
    expect(formatSignedYards(-3.25)).toBe("-3.25");
  });
});

describe("dates without date-fns (issue 12 item 6: not in the first screen's code)", () => {
  it("formats as date-fns did: short, long with the ordinal day, ISO, local timestamps", async () => {
    const { format } = await import("date-fns");
    const { formatLongDate, formatTimestampDate } = await import("./format");
    for (let day = new Date(2023, 11, 25); day < new Date(2025, 1, 5); day.setDate(day.getDate() + 1)) {
      expect(formatLongDate(day)).toBe(format(day, "PPP"));
      expect(toIsoDate(day)).toBe(format(day, "yyyy-MM-dd"));
      expect(formatDate(format(day, "yyyy-MM-dd"))).toBe(format(day, "MMM dd, yyyy"));
      expect(formatTimestampDate(day.toISOString())).toBe(format(day, "MMM dd, yyyy"));
    }
    expect(toIsoDate(new Date(2024, 0, 9))).toBe("2024-01-09");
    expect(formatTimestampDate("later")).toBe("later");
  });

  it("refuses days that do not exist and reads dates with a time after them", () => {
    expect(parseIsoDate("2023-02-29")).toBeNull();
    expect(parseIsoDate("2024-13-01")).toBeNull();
    expect(parseIsoDate("2024-04-31")).toBeNull();
    expect(parseIsoDate("2024-02-29")?.getDate()).toBe(29);
    expect(formatDate("2024-03-05T10:00:00Z")).toBe("Mar 05, 2024");
  });
});
