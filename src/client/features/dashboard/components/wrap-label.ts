/**
 * A chart label in at most `maxLines` lines of about `lineChars` characters, broken between words
 * (a word longer than a line is cut). Whatever does not fit ends the last line with "…"; the chart
 * gives the full name as the label's tooltip.
 */
export function wrapLabel(text: string, lineChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= lineChars) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      for (let i = 0; i < word.length; i += lineChars) lines.push(word.slice(i, i + lineChars));
    }
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const lastLine = kept[maxLines - 1] ?? "";
  kept[maxLines - 1] = `${lastLine.slice(0, lineChars - 1).trimEnd()}…`;
  return kept;
}
