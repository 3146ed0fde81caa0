/**
 * Where the app goes once someone has created the first administrator or signed in: the address
 * first asked for (the first-run and sign-in pages show in place, at that address), so a link to
 * /reports/inventory-aging opened before signing in ends on that report. Only a path of this
 * origin qualifies: anything a browser could read as another site ("//evil.example",
 * "/\evil.example", "https://...", "javascript:...") or that carries control characters falls back
 * to the Dashboard, so the return can never become an open redirect.
 */
export function safeReturnPath(candidate: string | null | undefined): string {
  if (!candidate?.startsWith("/")) return "/";
  // A second slash or a backslash (browsers read "\" as "/") makes "//host": another origin.
  if (/^\/[/\\]/.test(candidate) || candidate.includes("\\")) return "/";
  // Tabs and newlines are dropped by URL parsing ("/\t/evil" is "//evil"); no path needs them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly those are refused
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return "/";
  const base = "http://return-path.invalid";
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return "/";
  }
  // Dot segments can make "//" again ("/./..//evil.example" is "//evil.example").
  if (url.origin !== base || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The address of this page as a return path (pathname, query and fragment), checked. */
export function currentReturnPath(location: Pick<Location, "pathname" | "search" | "hash">): string {
  return safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
}
