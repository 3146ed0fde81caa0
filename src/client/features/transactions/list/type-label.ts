import { COST_CORRECTION_TYPE } from "../../../../domain/cost-correction-kind";
import { kindOfType, parseTransactionType } from "../../../../domain/transaction-kinds";
import { t } from "../../../i18n";

/** A stored transaction type ("Production Usage") in the user's language; an unknown one as it is. */
export function typeLabel(type: string): string {
  if (type === COST_CORRECTION_TYPE) return t("common.kind.cost-correction.label");
  const known = parseTransactionType(type);
  return known ? t(`common.kind.${kindOfType(known)}.label`) : type;
}

/** A history row's kind: "Cost Correction" for a correction (stored as a Receive of 0 yards). */
export function rowTypeLabel(row: { transactionType: string; correctsNumber?: string | null }): string {
  return row.correctsNumber ? t("common.kind.cost-correction.label") : typeLabel(row.transactionType);
}
