import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("formats money with the browser's conventions for the installation's currency", () => {
    expect(formatMoney(1234.5, "USD")).toMatch(/1,234\.50/);
    expect(formatMoney(4.1234, "USD", { unitCost: true })).toMatch(/4\.1234/);
    expect(formatMoney(1234.5, "EUR")).toMatch(/€/);
  });
});
