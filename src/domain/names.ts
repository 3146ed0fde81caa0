// No zod here (nor in anything this imports): screens that only list and filter load this without
// loading zod (docs/performance.md, "first load").

/** The key under which names are compared: trimmed, Unicode-normalised, case-folded. */
export function nameKey(name: string): string {
  return name.trim().normalize("NFKC").toLocaleLowerCase("und");
}

/** "Cotton / Navy": how the stock screens (stock value, find fabric, stock card) name a material. */
export function materialTypeColor(m: { typeName: string; colorName: string }): string {
  return `${m.typeName} / ${m.colorName}`;
}

/** "Cotton - Navy": how the setup screens and their messages name a material. */
export function materialLabel(m: { typeName: string; colorName: string }): string {
  return `${m.typeName} - ${m.colorName}`;
}
