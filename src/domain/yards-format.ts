// No zod here (nor in anything this imports): the screens that only show figures (dashboard, lists,
// reports) load this without loading zod (docs/performance.md, "first load").

// Made at the first figure, not as the module loads: a page's first Intl formatter loads the
// browser's number data (tens of ms on a slow phone), which a screen showing no yards yet (an
// empty entry form) need not wait for before it paints.
let yardsFormatter: Intl.NumberFormat | undefined;

/** "12,345.50" — thousands separators and exactly two decimals, so a column of yards lines up. */
export function formatYards(yards: number): string {
  yardsFormatter ??= new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return yardsFormatter.format(yards);
}

/** "+5.00", "-3.25", "0.00": the sign is shown when positive. */
export function formatSignedYards(yards: number): string {
  const text = formatYards(yards);
  return yards > 0 ? `+${text}` : text;
}
