import { yardsToCenti } from "../../../../domain/yards";
import { t } from "../../../i18n";
import { getLocale } from "../../../i18n/store";
import { formatLengthWithUnit } from "../../../lib/format";
import { lengthError, parseYards } from "./form-lengths";

/** One roll of a receive item, as typed (the field names are the API's, so issues land here). */
export interface RollRowValues {
  lengthYards: string;
  ticketYards: string;
}

// A receive item's roll list: quick entry, and the running total under it (CONTRACT.md section 8).

/** The sum of the typed roll lengths (lengths that are not plain positive numbers count 0). */
export function rollsTotal(rolls: readonly RollRowValues[]): {
  yards: number;
  ticketYards: number;
  tickets: number;
} {
  let centi = 0;
  let ticketCenti = 0;
  let tickets = 0;
  for (const r of rolls) {
    const length = parseYards(r.lengthYards);
    if (length !== null && length > 0) centi += yardsToCenti(length);
    const ticket = parseYards(r.ticketYards);
    if (ticket !== null && ticket > 0) {
      ticketCenti += yardsToCenti(ticket);
      tickets += 1;
    }
  }
  return { yards: centi / 100, ticketYards: ticketCenti / 100, tickets };
}

/**
 * Quick entry of roll lengths: "45.5 38 52.25", one per line, or separated by ";" or by a comma
 * before a space or the end ("40, 41": a list as people write one; "12,5" stays one entry, refused,
 * since it is a decimal comma). A length may carry its ticket length after a slash ("45.5/46" =
 * measured 45.5, ticket 46). Entries that are not plain positive numbers are handed back as
 * `rejected` (the box keeps them for correction).
 */
export function parseRollEntry(text: string): { rolls: RollRowValues[]; rejected: string[] } {
  const rolls: RollRowValues[] = [];
  const rejected: string[] = [];
  for (const token of text.split(/[\s;]+|,(?=\s|$)/).filter(Boolean)) {
    const [length = "", ticket, ...rest] = token.split("/");
    if (rest.length > 0 || !isPositiveYards(length) || (ticket !== undefined && !isPositiveYards(ticket))) {
      rejected.push(token);
      continue;
    }
    rolls.push({ lengthYards: length, ticketYards: ticket ?? "" });
  }
  return { rolls, rejected };
}

function isPositiveYards(text: string): boolean {
  const v = parseYards(text);
  return v !== null && v > 0;
}

/** Why a quick entry was not added, in a few words (with the entry as meant, for a decimal comma). */
function rejectionReason(entry: string): string {
  const parts = entry.split("/");
  if (parts.length > 2) return t("transactions.quick.oneSlash");
  const { language } = getLocale();
  // The other language's decimal mark: "12,5" in English, "12.5" in Indonesian.
  const other = language === "id" ? /\d\.\d/ : /\d,\d/;
  if (parts.some((p) => lengthError(p) === "ambiguousGrouping")) return t("transactions.quick.ambiguous");
  if (parts.some((p) => lengthError(p) === "tooManyDecimals")) return t("transactions.quick.decimals");
  if (parts.some((p) => other.test(p))) {
    // "12,5" meant 12.5; "1,000" may mean a thousand: no guess offered for it.
    const meant = parts.map((p) =>
      language === "id" ? p.replace(/^(\d+)\.(\d{1,2})$/, "$1,$2") : p.replace(/^(\d+),(\d{1,2})$/, "$1.$2"),
    );
    return meant.every(isPositiveYards)
      ? t("transactions.quick.decimalMarkMeant", { meant: meant.join("/") })
      : t("transactions.quick.decimalMark");
  }
  if (parts.some((p) => (parseYards(p) ?? 1) <= 0)) return t("transactions.quick.moreThanZero");
  return t("transactions.quick.notALength");
}

/**
 * The line under the quick entry naming what was not added: each entry in quotes (a comma inside
 * one cannot be taken for a separator), with why. 'Not added: "12,5" (use a dot for decimals: 12.5).'
 */
export function rejectedEntriesText(rejected: readonly string[]): string {
  return t("transactions.quick.notAdded", {
    entries: rejected
      .map((r) => t("transactions.quick.entry", { entry: r, reason: rejectionReason(r) }))
      .join("; "),
  });
}

/** "1 roll", "3 rolls". */
export function rollCountText(n: number): string {
  return t("transactions.rolls.count", { count: n });
}

/** A piece of the running total: figures shown strong, a shortfall as a warning. */
export interface SummaryPart {
  text: string;
  tone?: "strong" | "warning";
}

/**
 * The running total under a receive item's roll list, saying what each figure covers: "4 rolls ·
 * total 176.75 yd · 2 with a ticket: 99.00 yd ticketed, 1.25 yd short". The shortfall (ticket -
 * measured, summed as the Supplier Shortages report does) is over the rolls with both a length and a
 * ticket only: a ticket whose roll has no length yet is not short by its whole length.
 */
export function rollsSummary(rolls: readonly RollRowValues[]): SummaryPart[] {
  const total = rollsTotal(rolls);
  const parts: SummaryPart[] = [
    { text: rollCountText(rolls.length), tone: "strong" },
    { text: t("transactions.rolls.totalLead") },
    { text: formatLengthWithUnit(total.yards), tone: "strong" },
  ];
  if (total.tickets === 0) return parts;
  parts.push({
    text: t("transactions.rolls.ticketed", {
      count: total.tickets,
      length: formatLengthWithUnit(total.ticketYards),
    }),
  });
  const compared = rolls.filter((r) => isPositiveYards(r.lengthYards) && isPositiveYards(r.ticketYards));
  const both = rollsTotal(compared);
  const shortCenti = yardsToCenti(both.ticketYards) - yardsToCenti(both.yards);
  if (shortCenti > 0) {
    const length = formatLengthWithUnit(shortCenti / 100);
    const text =
      compared.length < total.tickets
        ? t("transactions.rolls.shortOnMeasured", { length, count: compared.length })
        : t("transactions.rolls.short", { length });
    parts.push({ text, tone: "warning" });
  }
  return parts;
}
