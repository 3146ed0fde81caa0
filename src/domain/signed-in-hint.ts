/**
 * The name of the page-readable cookie that says this browser was signed in (the client's
 * features/auth/signed-in-hint.ts keeps it). Here so that the bench can set it without importing
 * client code (issue 34).
 */
export const SIGNED_IN_HINT = "fi_signed_in";
