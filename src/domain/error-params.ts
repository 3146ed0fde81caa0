/**
 * A length travels in an error's params as a number of yards, so a screen can show it in the
 * reader's unit and language (CONTRACT.md section 17): named `...Yards` (`{shortYards}`) the
 * English message says it "12.50 yards"; named `...Yd` it says the figure alone, "12.50", where the
 * English sentence names the unit once for two figures ("12.50 yards available, 3.00 requested").
 * Kept apart from the registry so the client reads it without loading the registry.
 */
export const isLengthParam = (name: string): boolean => name.endsWith("Yards") || name.endsWith("Yd");

/** Whether the English message says a length param with its unit ("12.50 yards") or as the figure alone. */
export const saysUnit = (name: string): boolean => name.endsWith("Yards");

/**
 * The param that lists an answer's problems (each also an issue): a screen says each issue in the
 * reader's language in its place.
 */
export const PROBLEMS_PARAM = "problems";
