import { useSyncExternalStore } from "react";

/** Below Tailwind's `sm` breakpoint (40rem): the phone layouts (compact rows, folded filter card). */
const PHONE_QUERY = "(max-width: 39.99rem)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const isPhoneNow = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * True on a phone-sized viewport, following resizes and rotation. Screens render either the phone
 * layout or the desk one (never both hidden in the page), so each row and control exists once.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneNow, () => false);
}
