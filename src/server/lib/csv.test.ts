import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";
import { dateColumn, type ExportColumn, textColumn, timestampColumn, yardsColumn } from "./export-columns";

describe("csvCell", () => {
  it("writes plain text and numbers as they are", () => {
    expect(csvCell("Cotton Twill")).toBe("Cotton Twill");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(1234567.25)).toBe("1234567.25");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes commas, quotes and line breaks (RFC 4180), doubling quotes", () => {
    expect(csvCell("Navy, dark")).toBe('"Navy, dark"');
    expect(csvCell('12" wide')).toBe('"12"" wide"');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("prefixes text that a spreadsheet would read as a formula with a single quote", () => {
    expect(csvCell("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-Remnant")).toBe("'-Remnant");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("\tTabbed")).toBe("'\tTabbed");
    expect(csvCell("\rCR")).toBe('"\'\rCR"');
    // Escaped and quoted when both apply: the quote goes inside the quoted field.
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    // Only the first character matters.
    expect(csvCell("A=B")).toBe("A=B");
    expect(csvCell("Batch -1")).toBe("Batch -1");
  });

  it("writes negative numbers plainly: a number cell cannot hold a formula", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(-0.25)).toBe("-0.25");
    // ...while the same characters as text are escaped.
    expect(csvCell("-5")).toBe("'-5");
  });

  it("leaves non-finite numbers empty", () => {
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe("");
  });

  it("keeps Unicode as is", () => {
    expect(csvCell("Café crème — 綿")).toBe("Café crème — 綿");
    expect(csvCell("Main → Annex")).toBe("Main → Annex");
    expect(csvCell("emoji 🧵, thread")).toBe('"emoji 🧵, thread"');
  });
});

describe("toCsv", () => {
  interface Row {
    name: string;
    yards: number;
    note: string | null;
  }
  const columns: ExportColumn<Row>[] = [
    textColumn("Name", (r) => r.name),
    yardsColumn("Available Yards", (r) => r.yards),
    textColumn("Note, if any", (r) => r.note),
  ];

  it("writes a BOM, the header row and CRLF-terminated rows", () => {
    const text = toCsv(columns, [
      { name: "Linen", yards: 40, note: null },
      { name: "=evil()", yards: -3.5, note: 'say "hi"' },
    ]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.slice(1).split("\r\n")).toEqual([
      'Name,Available Yards,"Note, if any"',
      "Linen,40,",
      '\'=evil(),-3.5,"say ""hi"""',
      "",
    ]);
  });

  it("writes only the header for no rows", () => {
    expect(toCsv(columns, [])).toBe('\uFEFFName,Available Yards,"Note, if any"\r\n');
  });

  it("builds 50,000 rows quickly", () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      name: `Material ${i}, batch B-${i}`,
      yards: i / 4,
      note: i % 7 === 0 ? "-short" : null,
    }));
    const started = performance.now();
    const text = toCsv(columns, rows);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(text.split("\r\n")).toHaveLength(50_002);
  });
});

describe("dates and timestamps", () => {
  interface Posting {
    date: string;
    at: string | null;
  }
  const columns: ExportColumn<Posting>[] = [
    dateColumn("Date", (r) => r.date),
    timestampColumn("Created At", (r) => r.at),
  ];

  it("writes timestamps as yyyy-MM-dd HH:mm:ss in UTC and dates as they are", () => {
    const text = toCsv(columns, [
      { date: "2026-01-02", at: "2026-01-02T08:05:09.123Z" },
      // Another offset is converted to UTC; a missing timestamp stays empty.
      { date: "2026-12-31", at: "2026-12-31T23:30:00-02:00" },
      { date: "2024-02-29", at: null },
    ]);
    expect(text.slice(1).split("\r\n")).toEqual([
      "Date,Created At",
      "2026-01-02,2026-01-02 08:05:09",
      "2026-12-31,2027-01-01 01:30:00",
      "2024-02-29,",
      "",
    ]);
  });
});
