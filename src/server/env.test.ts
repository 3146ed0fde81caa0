import { describe, expect, it } from "vitest";
import { e4ToMoney, moneyToE4, valueChangeE4, valueE4 } from "../domain/money";
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

describe("money (domain/money.ts)", () => {
  it("values hundredths of a yard at ten-thousandths per yard, half away from zero", () => {
    expect(valueE4(4550, 41234)).toBe(1876147); // 45.50 x 4.1234 = 187.6147
    expect(valueE4(3827, 41234)).toBe(1578025); // 157.802518
    expect(valueE4(1, 50)).toBe(1); // 0.01 x 0.005 = 0.00005 -> 0.0001
    expect(valueE4(1, 49)).toBe(0);
    expect(valueE4(-1, 50)).toBe(-1);
    // The product passes 2^53 and floats round it wrongly (...655); BigInt keeps it exact.
    expect(valueE4(10_000_000_008, 12_345_679)).toBe(1_234_567_900_987_654);
    expect(valueChangeE4(1000, 667, 33333)).toBe(valueE4(667, 33333) - valueE4(1000, 33333));
    expect(moneyToE4(4.1234)).toBe(41234);
    expect(e4ToMoney(41234)).toBe(4.1234);
  });
});
