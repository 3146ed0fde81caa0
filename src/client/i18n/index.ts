import { createElement, Fragment, type ReactNode, useSyncExternalStore } from "react";
import { fill, type Values } from "./message";
import { getLocale, type Locale, messageFor, subscribeLocale, translate } from "./store";

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

/**
 * A message with rich parts: `<T id="x.y" values={{ n }} components={{ b: (c) => <strong>{c}</strong> }} />`
 * for a message such as "Only <b>{n}</b> left".
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
  const { language } = useSyncExternalStore(subscribeLocale, getLocale, getLocale);
  const message = messageFor(id);
  if (message === undefined) return id;
  const parts = fill<ReactNode>(message, values, language, (name, children) => {
    const render = components?.[name];
    const inner = createElement(Fragment, null, ...children);
    return render ? render(inner) : inner;
  });
  return createElement(Fragment, null, ...parts);
}
