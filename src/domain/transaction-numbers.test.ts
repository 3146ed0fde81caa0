import { describe, expect, it } from "vitest";
import { formatTransactionNumber, latestTransactionDate } from "./transaction";

/** Transaction numbers per kind and year, and the latest date a posting may carry. */
describe("numbers and dates", () => {
  it("formats transaction numbers per kind and year", () => {
    expect(formatTransactionNumber("receive", "2024-01-05", 1)).toBe("RCV-2024-00001");
    expect(formatTransactionNumber("production-usage", "2025-12-31", 42)).toBe("USE-2025-00042");
    expect(formatTransactionNumber("stock-opname", "2025-12-31", 123456)).toBe("OPN-2025-123456");
  });

  it("allows dates up to tomorrow (server's local calendar), across month and year ends", () => {
    expect(latestTransactionDate(new Date(2024, 1, 28, 23, 59))).toBe("2024-02-29");
    expect(latestTransactionDate(new Date(2024, 11, 31, 0, 1))).toBe("2025-01-01");
  });
});
