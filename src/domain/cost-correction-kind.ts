import { parseTransactionType, type TransactionKind, type TransactionType } from "./transaction-kinds";

/**
 * A cost correction (CONTRACT.md section 16) is stored as a Receive of 0 yards that names its receipt
 * (`corrects_id`). The contract fixes the six stored types, so lists keep `transactionType:
 * "Receive"` and add `correctsNumber`; screens and exports name it by this word instead, and the
 * type filter takes it as a seventh value (the Receive filter then means deliveries only).
 */
export const COST_CORRECTION_TYPE = "Cost Correction" as const;
export const COST_CORRECTION_KIND = "cost-correction" as const;

/** A type filter's value: a stored type, or the corrections. */
export type TransactionTypeFilter = TransactionType | typeof COST_CORRECTION_TYPE;
/** A type filter's value as the screens send it: a form code, or the corrections. */
export type TransactionKindFilter = TransactionKind | typeof COST_CORRECTION_KIND;

/** A stored type name, a form code or the corrections' name or code (case-insensitive). */
export function parseTypeFilter(value: string): TransactionTypeFilter | undefined {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === COST_CORRECTION_KIND || trimmed === COST_CORRECTION_TYPE.toLowerCase())
    return COST_CORRECTION_TYPE;
  return parseTransactionType(value);
}

/** The word a list, card or export shows for a movement: its type, or "Cost Correction". */
export function movementTypeName(type: string, correctsNumber: string | null | undefined): string {
  return correctsNumber ? COST_CORRECTION_TYPE : type;
}
