import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

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
