import { useEffect, useState, useSyncExternalStore } from "react";
import type { Language, LengthUnit } from "../../domain/length-units";
import { getLocale, hasCatalog, loadCatalog, setLocale, subscribeLocale } from "./store";

const HINT = "fabric.language";

/** The browser's language for the pages before sign-in: Indonesian for any id*, else English. */
export function browserLanguage(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  const first = languages[0]?.toLowerCase() ?? "";
  return first === "id" || first.startsWith("id-") ? "id" : "en";
}

function hintedLanguage(): Language | null {
  try {
    const hint = localStorage.getItem(HINT);
    return hint === "id" || hint === "en" ? hint : null;
  } catch {
    return null;
  }
}

/**
 * At start, before "who am I" answers: fetch the shell's Indonesian at once if this browser's last
 * user read Indonesian (or, signed out, the browser asks for it), and the first screen's words in
 * it as they are asked for (router.tsx), so the first screen does not wait for them after the answer.
 */
export function prefetchLikelyCatalog(): void {
  void loadCatalog(hintedLanguage() ?? browserLanguage()).catch(() => {});
}

/**
 * Follow the signed-in user's language and unit (`/api/auth/me`), or the browser's language before
 * sign-in. False while that language's catalogs are being fetched: the caller keeps its splash rather than showing
 * a screen in the wrong language. A catalog that cannot be fetched leaves English.
 */
export function useFollowLocale(user: { language: Language; lengthUnit: LengthUnit } | null): boolean {
  const current = useSyncExternalStore(subscribeLocale, getLocale, getLocale);
  const language = user?.language ?? browserLanguage();
  const lengthUnit = user?.lengthUnit ?? "yd";
  const [failed, setFailed] = useState<string | null>(null);
  const signedIn = user !== null;
  useEffect(() => {
    let live = true;
    setLocale({ language, lengthUnit }).then(
      () => {
        try {
          if (signedIn) localStorage.setItem(HINT, language);
        } catch {
          // Private mode: no hint, only a slower first screen next time.
        }
      },
      () => live && setFailed(language),
    );
    return () => {
      live = false;
    };
  }, [language, lengthUnit, signedIn]);
  useEffect(() => {
    document.documentElement.lang = current.language;
  }, [current.language]);
  // Once every part asked for is here in that language the screen may render: the switch itself
  // follows in a microtask.
  return hasCatalog(language) || failed === language;
}
