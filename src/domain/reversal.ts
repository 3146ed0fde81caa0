import { z } from "zod";
import { isoDateSchema, requiredText } from "./common";
import { errorText } from "./error-text";

/** Corrections (CONTRACT.md section 10): what a reversal asks for. */

export const REVERSAL_MESSAGES = {
  reason: errorText("REVERSAL_REASON_REQUIRED"),
} as const;

/** POST /api/transactions/{id}/reverse: why, and the reversal's date (default today). */
export const ReverseInputSchema = z.object({
  reason: requiredText(REVERSAL_MESSAGES.reason, 500),
  transactionDate: isoDateSchema.nullish(),
});
export type ReverseInput = z.output<typeof ReverseInputSchema>;
