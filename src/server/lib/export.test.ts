import { describe, expect, it } from "vitest";
import { exportFilename, slug } from "./export";

describe("slug", () => {
  it("keeps ASCII letters and digits, lower case, words joined by one dash", () => {
    expect(slug("Jakarta")).toBe("jakarta");
    expect(slug("  Gudang Jakarta (Utara) ")).toBe("gudang-jakarta-utara");
    expect(slug("Café crème / Navy")).toBe("cafe-creme-navy");
    expect(slug('=HYPERLINK("x")')).toBe("hyperlink-x");
    expect(slug("../../etc/passwd")).toBe("etc-passwd");
    expect(slug('a"b;c\r\nd')).toBe("a-b-c-d");
    expect(slug("綿")).toBe("");
  });

  it("is bounded, cut after a whole word where it can be", () => {
    expect(slug("Main Warehouse North Wing Building Seven Floor Two")).toBe("main-warehouse-north-wing");
    expect(slug("x".repeat(80))).toBe("x".repeat(30));
    expect(slug("abc-defgh", 4)).toBe("abc");
    expect(slug("abc-defgh", 3)).toBe("abc");
  });
});

describe("exportFilename", () => {
  it("names the export, its filters and the server's date", () => {
    expect(exportFilename("stock-levels", [], "2026-11-21", "csv")).toBe("stock-levels-2026-11-21.csv");
    expect(exportFilename("stock-status", [["warehouse", "Jakarta"]], "2026-11-22", "csv")).toBe(
      "stock-status-warehouse-jakarta-2026-11-22.csv",
    );
    expect(
      exportFilename(
        "stock-levels",
        [
          ["type", "Cotton Twill"],
          ["color", undefined],
          ["batch", ""],
          ["low-stock", true],
          ["in-stock", false],
          ["warehouse", 7],
        ],
        "2026-11-22",
        "xlsx",
      ),
    ).toBe("stock-levels-type-cotton-twill-low-stock-warehouse-7-2026-11-22.xlsx");
  });

  it("leaves out a filter whose value has no ASCII letter or digit", () => {
    expect(exportFilename("low-stock", [["warehouse", "倉庫"]], "2026-11-22", "csv")).toBe(
      "low-stock-2026-11-22.csv",
    );
  });

  it("stays short and safe for any filter values", () => {
    const long = "Very Long Name ".repeat(20);
    const name = exportFilename(
      "transactions",
      [
        ["type", "Production Usage"],
        ["from", "2026-01-01"],
        ["to", "2026-12-31"],
        ["material", long],
        ["warehouse", long],
        ["batch", '"; filename=evil.exe'],
      ],
      "2026-11-22",
      "csv",
    );
    expect(name).toMatch(/^[a-z0-9-]+-2026-11-22\.csv$/);
    expect(name.length).toBeLessThanOrEqual(120);
    expect(
      name.startsWith("transactions-type-production-usage-from-2026-01-01-to-2026-12-31-material-"),
    ).toBe(true);
  });
});
