import { describe, expect, it } from "vitest";
import { currentReturnPath, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path of this origin with its query and fragment", () => {
    expect(safeReturnPath("/reports/inventory-aging")).toBe("/reports/inventory-aging");
    expect(safeReturnPath("/transactions?type=receive&page=2#top")).toBe(
      "/transactions?type=receive&page=2#top",
    );
    expect(safeReturnPath("/")).toBe("/");
    expect(safeReturnPath("/setup/warehouses")).toBe("/setup/warehouses");
  });

  it("falls back to the Dashboard for anything that could leave this origin", () => {
    for (const hostile of [
      "//evil.example",
      "//evil.example/reports/inventory-aging",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/reports\\..\\..\\evil",
      "https://evil.example/",
      "http://evil.example",
      "HTTPS://evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "evil.example",
      "reports/inventory-aging",
      "/\t/evil.example",
      "/\n/evil.example",
      "",
      null,
      undefined,
    ]) {
      expect(safeReturnPath(hostile), String(hostile)).toBe("/");
    }
  });

  it("normalises dot segments so that the result is still a path of this origin", () => {
    expect(safeReturnPath("/reports/../setup/warehouses")).toBe("/setup/warehouses");
    expect(safeReturnPath("/./..//evil.example")).toBe("/");
    // An encoded character is just part of a path of this origin.
    expect(safeReturnPath("/no/such%0Apage")).toBe("/no/such%0Apage");
  });

  it("reads the current address (pathname, query, fragment)", () => {
    expect(currentReturnPath({ pathname: "/inventory", search: "?warehouse=2", hash: "" })).toBe(
      "/inventory?warehouse=2",
    );
    expect(currentReturnPath({ pathname: "//evil.example", search: "", hash: "" })).toBe("/");
  });
});
