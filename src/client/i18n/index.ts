import { createElement, Fragment, type ReactNode, useSyncExternalStore } from "react";
import type { Values } from "./message";
import { getLocale, type Locale, subscribeLocale, translate } from "./store";

export type { Values } from "./message";
export {
  getLocale,
  type Locale,
  loadCatalog,
  setLocale,
  translate as t,
  translateMessage,
} from "./store";

// The catalogs come from ./load-catalogs.ts (main.tsx imports it): this module stays free of the
// build's virtual modules, so unit tests can import any component.

/**
 * The current language and length unit for a component, and `t` to translate a key. The component
 * re-renders when the user switches language or unit (account menu).
 */
export function useT(): Locale & { t: typeof translate } {
  const locale = useSyncExternalStore(subscribeLocale, getLocale, getLocale);
  return { ...locale, t: translate };
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A message with rich parts: `<T id="x.y" values={{ n }} components={{ b: (c) => <strong>{c}</strong> }} />`
 * for a message such as "Only <b>{n}</b> left" (tags do not nest).
 */
export function T({
  id,
  values,
  components,
}: {
  id: string;
  values?: Values;
  components?: Record<string, (children: ReactNode) => ReactNode>;
}): ReactNode {
  useSyncExternalStore(subscribeLocale, getLocale, getLocale);
  const text = translate(id, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    parts.push(text.slice(last, match.index));
    const render = components?.[match[1] ?? ""];
    parts.push(render ? render(match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}
