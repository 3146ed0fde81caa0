import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { purchaseOrderTolerancePercent } from "./modules/transactions/posting/purchase-order-receipt";

describe("CURRENCY (CONTRACT.md section 11)", () => {
  it("defaults to USD and takes any ISO 4217 code, in any case", () => {
    expect(loadEnv({}).CURRENCY).toBe("USD");
    expect(loadEnv({ CURRENCY: "idr" }).CURRENCY).toBe("IDR");
    expect(loadEnv({ CURRENCY: " EUR " }).CURRENCY).toBe("EUR");
  });

  it("stops start-up with one clear line on a code that is no currency", () => {
    expect(() => loadEnv({ CURRENCY: "DOLLARS" })).toThrow(
      "Invalid environment: CURRENCY: CURRENCY must be an ISO 4217 currency code such as USD, EUR or IDR",
    );
    expect(() => loadEnv({ CURRENCY: "XYZ" })).toThrow("ISO 4217");
  });
});

describe("PUBLIC_URL (CONTRACT.md section 12)", () => {
  it("is absent by default, and an http(s) address is kept as its origin", () => {
    expect(loadEnv({}).PUBLIC_URL).toBeUndefined();
    expect(loadEnv({ PUBLIC_URL: "" }).PUBLIC_URL).toBeUndefined();
    expect(loadEnv({ PUBLIC_URL: " https://Stock.Example.com/inventory/ " }).PUBLIC_URL).toBe(
      "https://stock.example.com",
    );
    expect(loadEnv({ PUBLIC_URL: "http://10.0.0.5:8080" }).PUBLIC_URL).toBe("http://10.0.0.5:8080");
  });

  it("stops start-up with one clear line on anything else", () => {
    for (const value of ["stock.example.com", "ftp://stock.example.com", "https://", "javascript:alert(1)"]) {
      expect(() => loadEnv({ PUBLIC_URL: value }), value).toThrow(
        "Invalid environment: PUBLIC_URL: PUBLIC_URL must be an http:// or https:// address",
      );
    }
  });
});

describe("PO_TOLERANCE_PERCENT (CONTRACT.md section 16)", () => {
  it("defaults to 5 and stops start-up on a negative or non-numeric value", () => {
    expect(loadEnv({}).PO_TOLERANCE_PERCENT).toBe(5);
    expect(loadEnv({ PO_TOLERANCE_PERCENT: "2.5" }).PO_TOLERANCE_PERCENT).toBe(2.5);
    expect(() => loadEnv({ PO_TOLERANCE_PERCENT: "-1" })).toThrow("PO_TOLERANCE_PERCENT cannot be negative");
    expect(() => loadEnv({ PO_TOLERANCE_PERCENT: "five" })).toThrow("PO_TOLERANCE_PERCENT");
  });

  it("is what the posting allows past a line's yards (5 when unset or blank)", () => {
    expect(purchaseOrderTolerancePercent({})).toBe(5);
    expect(purchaseOrderTolerancePercent({ PO_TOLERANCE_PERCENT: " " })).toBe(5);
    expect(purchaseOrderTolerancePercent({ PO_TOLERANCE_PERCENT: "0" })).toBe(0);
    expect(purchaseOrderTolerancePercent({ PO_TOLERANCE_PERCENT: "12.5" })).toBe(12.5);
  });
});
