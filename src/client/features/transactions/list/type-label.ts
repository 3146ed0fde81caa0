import { kindOfType, parseTransactionType } from "../../../../domain/transaction-kinds";
import { t } from "../../../i18n";

/** A stored transaction type ("Production Usage") in the user's language; an unknown one as it is. */
export function typeLabel(type: string): string {
  const known = parseTransactionType(type);
  return known ? t(`common.kind.${kindOfType(known)}.label`) : type;
}
