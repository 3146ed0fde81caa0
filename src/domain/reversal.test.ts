import { describe, expect, it } from "vitest";
import { REVERSAL_MESSAGES, ReverseInputSchema } from "./reversal";

/** Corrections (CONTRACT.md section 10): a reversal says why; its date defaults to today. */

describe("what a reversal asks for", () => {
  it("a reason, trimmed, and optionally the reversal's date", () => {
    expect(ReverseInputSchema.parse({ reason: "  Keyed twice " })).toEqual({ reason: "Keyed twice" });
    expect(ReverseInputSchema.parse({ reason: "Keyed twice", transactionDate: "2024-03-05" })).toEqual({
      reason: "Keyed twice",
      transactionDate: "2024-03-05",
    });
  });

  it("refuses a reversal without a reason, with the spec's words", () => {
    for (const body of [{}, { reason: "" }, { reason: "   " }]) {
      const result = ReverseInputSchema.safeParse(body);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["reason", REVERSAL_MESSAGES.reason],
      ]);
    }
    expect(REVERSAL_MESSAGES.reason).toBe("A reason is required to reverse a transaction");
    expect(ReverseInputSchema.safeParse({ reason: "x".repeat(501) }).success).toBe(false);
    expect(ReverseInputSchema.safeParse({ reason: "Keyed twice", transactionDate: "5/3/2024" }).success).toBe(
      false,
    );
  });
});
