import { SIGNED_IN_HINT } from "../../../domain/signed-in-hint";

/**
 * Whether this browser was signed in at the server's last answer to "who is signed in", kept in a
 * cookie readable by the page (the session cookie itself is HttpOnly). Only a hint for start-up:
 * with it, the first screen's data is asked for alongside that question (app/router.tsx
 * preloadScreen); without it, nothing is asked that would answer 401 on the sign-in page. The
 * server still decides. It lives as long as a session can (7 days).
 */
export function wasSignedIn(): boolean {
  return document.cookie.split("; ").includes(`${SIGNED_IN_HINT}=1`);
}

export function rememberSignedIn(signedIn: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on older phones' browsers
  document.cookie = signedIn
    ? `${SIGNED_IN_HINT}=1; Path=/; Max-Age=${7 * 24 * 60 * 60}; SameSite=Lax`
    : `${SIGNED_IN_HINT}=; Path=/; Max-Age=0; SameSite=Lax`;
}
