import { describe, expect, it } from "vitest";
import { COST_CORRECTION_TYPE, movementTypeName, parseTypeFilter } from "./cost-correction-kind";

/** A cost correction is a stored Receive named "Cost Correction" on screens (CONTRACT.md section 16). */
describe("the type filter's seventh value", () => {
  it("reads the corrections by their name or code, any case, spaces around", () => {
    expect(parseTypeFilter("Cost Correction")).toBe(COST_CORRECTION_TYPE);
    expect(parseTypeFilter("  cost correction ")).toBe(COST_CORRECTION_TYPE);
    expect(parseTypeFilter("COST-CORRECTION")).toBe(COST_CORRECTION_TYPE);
    expect(COST_CORRECTION_TYPE).toBe("Cost Correction");
  });

  it("reads any other value as a stored type or a form code, else nothing", () => {
    expect(parseTypeFilter("Receive")).toBe("Receive");
    expect(parseTypeFilter("receive")).toBe("Receive");
    expect(parseTypeFilter("cost")).toBeUndefined();
    expect(parseTypeFilter("")).toBeUndefined();
  });
});

describe("movementTypeName", () => {
  it("names a movement that corrects a receipt Cost Correction, any other by its type", () => {
    expect(movementTypeName("Receive", "TX-000012")).toBe("Cost Correction");
    expect(movementTypeName("Receive", null)).toBe("Receive");
    expect(movementTypeName("Receive", undefined)).toBe("Receive");
    // An empty number names no receipt.
    expect(movementTypeName("Issue", "")).toBe("Issue");
  });
});
