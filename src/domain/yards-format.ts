// No zod here (nor in anything this imports): the screens that only show figures (dashboard, lists,
// reports) load this without loading zod (docs/performance.md, "first load").

const yardsFormatter = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "12,345.50" — thousands separators and exactly two decimals, so a column of yards lines up. */
export function formatYards(yards: number): string {
  return yardsFormatter.format(yards);
}

/** "+5.00", "-3.25", "0.00": the sign is shown when positive. */
export function formatSignedYards(yards: number): string {
  const text = formatYards(yards);
  return yards > 0 ? `+${text}` : text;
}
