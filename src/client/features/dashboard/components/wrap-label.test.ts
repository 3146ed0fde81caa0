import { describe, expect, it } from "vitest";
import { wrapLabel } from "./wrap-label";

describe("wrapLabel (the dashboard chart's warehouse names)", () => {
  it("keeps a short name on one line", () => {
    expect(wrapLabel("Branch Warehouse", 18, 2)).toEqual(["Branch Warehouse"]);
  });

  it("breaks a long name between words instead of cutting it", () => {
    expect(wrapLabel("Warehouse 03 Surabaya", 18, 2)).toEqual(["Warehouse 03", "Surabaya"]);
    expect(wrapLabel("Warehouse 04 Bandung Timur", 18, 2)).toEqual(["Warehouse 04", "Bandung Timur"]);
  });

  it("ends the last line with … only when the name needs more lines than allowed", () => {
    const lines = wrapLabel("Gudang Kawasan Industri Pulogadung Blok C", 18, 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("Gudang Kawasan");
    expect(lines[1]).toMatch(/…$/);
    expect(lines.every((l) => l.length <= 18)).toBe(true);
  });

  it("cuts a single word longer than a line", () => {
    expect(wrapLabel("Lagerhausgesellschaftsmbh", 10, 3)).toEqual(["Lagerhausg", "esellschaf", "tsmbh"]);
  });
});
