import { describe, expect, it } from "vitest";
import { materialLabel, materialTypeColor, nameKey } from "./names";

describe("names", () => {
  it("compares names trimmed, Unicode-normalised and case-folded", () => {
    expect(nameKey("  Ｃotton ")).toBe(nameKey("cotton"));
    expect(nameKey("Cotton")).not.toBe(nameKey("Cotton 2"));
  });

  it("names a material 'Type / Color' on the stock screens and 'Type - Color' on the setup screens", () => {
    const m = { typeName: "Cotton", colorName: "Navy" };
    expect(materialTypeColor(m)).toBe("Cotton / Navy");
    expect(materialLabel(m)).toBe("Cotton - Navy");
  });
});
