import { describe, expect, it } from "vitest";
import { materialText, type References, warehouseText } from "./references";

/**
 * The names a refusal shows for a material or warehouse: its own when the posting read it, else its
 * id spelled out, so a message never reads "undefined" (a row deleted under a posting, say).
 */
describe("names in the posting's messages", () => {
  const refs: References = {
    suppliers: new Map(),
    warehouses: new Map([[2, "Main"]]),
    materials: new Map([[5, { typeName: "Linen", colorName: "Sand" }]]),
  };

  it("names a material by type and colour, or by its id when it was not read", () => {
    expect(materialText(refs, 5)).toBe("Linen / Sand");
    expect(materialText(refs, 7)).toBe("material 7");
  });

  it("names a warehouse by its name, or by its id when it was not read", () => {
    expect(warehouseText(refs, 2)).toBe("Main");
    expect(warehouseText(refs, 9)).toBe("warehouse 9");
  });
});
