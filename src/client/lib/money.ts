import { useMe } from "../features/auth/api/get-me";
import { getLocale } from "../i18n/store";

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Money in the installation's currency with the browser's own number formatting (CONTRACT.md
 * section 11): "$1,234.50" in en-US, "1.234,50 €" in de-DE. Unit costs may carry up to 4 decimals.
 * A user reading Indonesian gets Indonesian marks whatever the browser: "Rp 1.234,50", "US$1.234,50".
 */
export function formatMoney(
  amount: number,
  currency: string,
  options: { unitCost?: boolean; signed?: boolean } = {},
): string {
  const locale = getLocale().language === "id" ? "id-ID" : undefined;
  const key = `${locale}|${currency}|${options.unitCost ? 4 : 2}|${options.signed ? "signed" : ""}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: options.unitCost ? 4 : 2,
      // Movement value: "+$12.00" in, "-$12.00" out, like the signed yards beside it.
      signDisplay: options.signed ? "exceptZero" : "auto",
    });
    formatters.set(key, format);
  }
  return format.format(amount);
}

/** The installation's currency (from /api/auth/me); "USD" until it is known. */
export function useCurrency(): string {
  return useMe().data?.currency ?? "USD";
}

/** A formatter bound to the installation's currency, for tables and cards. */
export function useMoney(): (amount: number, options?: { unitCost?: boolean; signed?: boolean }) => string {
  const currency = useCurrency();
  return (amount, options) => formatMoney(amount, currency, options);
}
