import { z } from "zod";
import { isoDateSchema, requiredText } from "./common";

/** Corrections (CONTRACT.md section 10): what a reversal asks for. */

export const REVERSAL_MESSAGES = {
  reason: "A reason is required to reverse a transaction",
} as const;

/** POST /api/transactions/{id}/reverse: why, and the reversal's date (default today). */
export const ReverseInputSchema = z.object({
  reason: requiredText(REVERSAL_MESSAGES.reason, 500),
  transactionDate: isoDateSchema.nullish(),
});
export type ReverseInput = z.output<typeof ReverseInputSchema>;
