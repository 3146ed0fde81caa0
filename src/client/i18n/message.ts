// No React, no catalog import: the store, the formatter and the unit tests use this alone.

/**
 * A catalog message compiled at build time (scripts/lib/i18n-catalogs.ts) from ICU MessageFormat,
 * so no ICU parser ships to the browser: a plain string, or tokens.
 */
export type Token =
  | string
  /** `{name}`: the value as text. */
  | [0, string]
  /** `{name, plural, =0 {...} one {...} other {...}}`; the last item is the offset. */
  | [1, string, Record<string, Token[]>, number]
  /** `{name, select, a {...} other {...}}` */
  | [2, string, Record<string, Token[]>]
  /** `#` inside a plural: the number, formatted. */
  | [3]
  /** `{name, number}`: the number in the language's format. */
  | [4, string]
  /** `<name>...</name>`: rich text, rendered by `<T components={{ name }}>`; plain text in `t()`. */
  | [5, string, Token[]];

export type Message = string | Token[];
export type Catalog = Record<string, Message>;
export type Values = Record<string, string | number>;

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** The BCP 47 locale of a language: the number and date formats of the contract (section 17). */
export const intlLocale = (language: string): string => (language === "id" ? "id-ID" : "en-US");

export function numberFormat(language: string): Intl.NumberFormat {
  let f = numberFormats.get(language);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 20 });
    numberFormats.set(language, f);
  }
  return f;
}

function pluralCategory(language: string, n: number): string {
  let r = pluralRules.get(language);
  if (!r) {
    r = new Intl.PluralRules(intlLocale(language));
    pluralRules.set(language, r);
  }
  return r.select(n);
}

/**
 * The message filled with `values`: strings, and what `onTag` makes of each tag (`t()` keeps only the
 * tag's text; `<T>` makes elements). A missing value shows as `{name}`, visible rather than silent.
 */
export function fill<R>(
  message: Message,
  values: Values | undefined,
  language: string,
  onTag?: (name: string, children: (string | R)[]) => R,
): (string | R)[] {
  if (typeof message === "string") return [message];
  const out: (string | R)[] = [];
  const walk = (tokens: Token[], pound: number | undefined) => {
    for (const token of tokens) {
      if (typeof token === "string") {
        out.push(token);
        continue;
      }
      switch (token[0]) {
        case 0: {
          const v = values?.[token[1]];
          out.push(v === undefined ? `{${token[1]}}` : String(v));
          break;
        }
        case 4: {
          const v = values?.[token[1]];
          out.push(typeof v === "number" ? numberFormat(language).format(v) : String(v ?? `{${token[1]}}`));
          break;
        }
        case 3:
          out.push(pound === undefined ? "#" : numberFormat(language).format(pound));
          break;
        case 1: {
          const n = Number(values?.[token[1]] ?? 0) - token[3];
          const cases = token[2];
          const chosen = cases[`=${n + token[3]}`] ?? cases[pluralCategory(language, n)] ?? cases.other ?? [];
          walk(chosen, n);
          break;
        }
        case 2: {
          const cases = token[2];
          walk(cases[String(values?.[token[1]])] ?? cases.other ?? [], pound);
          break;
        }
        case 5: {
          if (!onTag) {
            walk(token[2], pound);
            break;
          }
          const start = out.length;
          walk(token[2], pound);
          out.push(onTag(token[1], out.splice(start)));
          break;
        }
      }
    }
  };
  walk(message, undefined);
  return out;
}

/** The message as text. */
export function fillText(message: Message, values: Values | undefined, language: string): string {
  return fill<string>(message, values, language).join("");
}
