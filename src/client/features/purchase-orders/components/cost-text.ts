import { getLocale } from "../../../i18n/store";

/**
 * A unit cost as typed, in the user's decimal mark ("4.25", in Indonesian "4,25"); null when it is
 * not a plain number. The receive form has its own (transactions/form/form-lengths.ts): importing
 * it here would split it into a chunk of its own and cost the receive form a file more.
 */
export function parseCost(text: string): number | null {
  const trimmed = text.trim();
  const plain = getLocale().language === "id" ? /^(\d+,?\d*|,\d+)$/ : /^(\d+\.?\d*|\.\d+)$/;
  if (!plain.test(trimmed)) return null;
  const value = Number(trimmed.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}
