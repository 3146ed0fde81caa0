// No zod here (nor in anything this imports): the screens that only show figures (dashboard, lists,
// reports) load this without loading zod (docs/performance.md, "first load").

const yardsFormatter = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "12,345.5" — thousands separators, up to two decimals. */
export function formatYards(yards: number): string {
  return yardsFormatter.format(yards);
}

/** "+5", "-3.25", "0": the sign is shown when positive. */
export function formatSignedYards(yards: number): string {
  const text = formatYards(yards);
  return yards > 0 ? `+${text}` : text;
}
