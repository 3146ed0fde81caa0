import { ERROR_TEMPLATES, type ErrorCode, type ErrorParams } from "./error-codes";
import { isLengthParam, saysUnit } from "./error-params";
import { formatYards } from "./yards-format";

type Part = { text: string } | { arg: string };

/**
 * A template as fixed text and `{name}` arguments, with ICU's quoting: `'{...}'` is literal text
 * and `''` is one apostrophe; an apostrophe before anything else is itself ("the rolls' lengths").
 */
export function templateParts(template: string): Part[] {
  const parts: Part[] = [];
  let text = "";
  for (let i = 0; i < template.length; i++) {
    const c = template[i] as string;
    const next = template[i + 1];
    if (c === "'" && next === "'") {
      text += "'";
      i++;
    } else if (c === "'" && (next === "{" || next === "}")) {
      const end = template.indexOf("'", i + 1);
      const stop = end === -1 ? template.length : end;
      text += template.slice(i + 1, stop);
      i = stop;
    } else if (c === "{") {
      const end = template.indexOf("}", i);
      if (text) parts.push({ text });
      text = "";
      parts.push({ arg: template.slice(i + 1, end) });
      i = end;
    } else text += c;
  }
  if (text) parts.push({ text });
  return parts;
}

const argumentsOf = (template: string) => templateParts(template).flatMap((p) => ("arg" in p ? [p.arg] : []));

/** The parameter names a template uses, in order of first appearance. */
export function templateParams(template: string): string[] {
  return [...new Set(argumentsOf(template))];
}

/** How the English message says a length param (error-params.ts): "1,234.50 yards", or "1,234.50". */
const yardsText = (name: string, yards: number) =>
  saysUnit(name) ? `${formatYards(yards)} yards` : formatYards(yards);

function paramText(name: string, value: string | number): string {
  return typeof value === "number" && isLengthParam(name) ? yardsText(name, value) : String(value);
}

/** A template with its `{name}` arguments filled in (a value that is missing stays as `{name}`). */
export function formatTemplate(template: string, params: ErrorParams = {}): string {
  return templateParts(template)
    .map((p) =>
      "text" in p
        ? p.text
        : p.arg in params
          ? paramText(p.arg, params[p.arg] as string | number)
          : `{${p.arg}}`,
    )
    .join("");
}

/** "1,234.50 yards" back to 1234.5 for a length param; any other text stays text. */
function paramValue(name: string, text: string): string | number {
  if (!isLengthParam(name)) return text;
  // Stryker disable next-line Regex: equivalent, any other text fails the round trip below
  const figure = saysUnit(name) ? text.replace(/ yards$/, "") : text;
  // Stryker disable next-line Regex: equivalent, Number() reads no text around a figure, and the round trip checks it
  const yards = /^-?[\d,]+\.\d\d$/.test(figure) ? Number(figure.replaceAll(",", "")) : Number.NaN;
  return Number.isFinite(yards) && yardsText(name, yards) === text ? yards : text;
}

/** The English text of `code`: what the server sends as `message` (CONTRACT.md section 17). */
export function errorText(code: ErrorCode, params?: ErrorParams): string {
  return formatTemplate(ERROR_TEMPLATES[code], params);
}

export interface CodedMessage {
  code: ErrorCode;
  params: ErrorParams;
}

interface Matcher {
  code: ErrorCode;
  names: string[];
  pattern: RegExp;
  template: string;
  /** The fixed text between arguments, in order: checked first, in linear time. */
  fixed: string[];
  opensWithText: boolean;
  closesWithText: boolean;
}

/**
 * Whether `message` can be `m`'s template at all: it starts and ends with the template's fixed
 * text and holds the rest in order. Cheap, and it keeps the pattern (whose lazy arguments can
 * take quadratic time on a long message of spaces) away from text that is not its own.
 */
function mayMatch(m: Matcher, message: string): boolean {
  // Stryker disable next-line LogicalOperator,StringLiteral: equivalent, a looser first test changes no answer, the pattern decides (it only spares time)
  const first = m.fixed[0] ?? "";
  // Stryker disable next-line LogicalOperator,StringLiteral: equivalent, a looser first test changes no answer, the pattern decides (it only spares time)
  const last = m.fixed.at(-1) ?? "";
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: equivalent, a looser first test changes no answer, the pattern decides (it only spares time)
  if (m.opensWithText && !message.startsWith(first)) return false;
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: equivalent, a looser first test changes no answer, the pattern decides (it only spares time)
  if (m.closesWithText && !message.endsWith(last)) return false;
  let at = 0;
  // Stryker disable next-line BlockStatement: equivalent, a looser first test changes no answer, the pattern decides (it only spares time)
  for (const chunk of m.fixed) {
    const found = message.indexOf(chunk, at);
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: equivalent, a looser first test changes no answer, the pattern decides (it only spares time)
    if (found === -1) return false;
    // Stryker disable next-line ArithmeticOperator: equivalent, a looser first test changes no answer, the pattern decides (it only spares time)
    at = found + chunk.length;
  }
  return true;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let matchers: Matcher[] | undefined;

/** Codes only ever given by name: the fallback, and a field's path before its message (they match anything). */
const EXPLICIT_ONLY = new Set<ErrorCode>(["UNCODED", "AT_FIELD"]);

/**
 * zod's own English, where a schema gave no words of its own: tried after every message of ours,
 * so a sentence of ours is never read as zod's generic one.
 */
const ZOD_OWN = new Set<ErrorCode>([
  "INVALID_TYPE",
  "INVALID_INPUT",
  "INVALID_LITERAL",
  "INVALID_PATTERN",
  "INVALID_FORMAT",
  "INVALID_OPTION",
  "UNRECOGNIZED_KEY",
  "UNRECOGNIZED_KEYS",
  "TOO_SMALL",
  "TOO_SMALL_VALUE",
  "TOO_BIG",
  "TOO_BIG_VALUE",
]);

/**
 * Templates as patterns, the most specific first (more fixed text, then fewer arguments), so that a
 * long sentence is not read as a shorter template whose argument swallowed the rest.
 */
function allMatchers(): Matcher[] {
  if (matchers) return matchers;
  const fixedLength = (t: string) =>
    templateParts(t).reduce((n, p) => n + ("text" in p ? p.text.length : 0), 0);
  matchers = (Object.entries(ERROR_TEMPLATES) as [ErrorCode, string][])
    .filter(([code]) => !EXPLICIT_ONLY.has(code))
    .map(([code, template]) => {
      const names = argumentsOf(template);
      const source = templateParts(template)
        .map((p) => ("text" in p ? escapeRegExp(p.text) : "([\\s\\S]*?)"))
        .join("");
      const parts = templateParts(template);
      // Stryker disable next-line StringLiteral,ArrayDeclaration: equivalent, mayMatch's data: a looser first test changes no answer, the pattern decides (it only spares time)
      const fixed = parts.flatMap((p) => ("text" in p ? [p.text] : []));
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent, mayMatch's data: a looser first test changes no answer, the pattern decides (it only spares time)
      const opensWithText = parts.length > 0 && "text" in (parts[0] as Part);
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent, mayMatch's data: a looser first test changes no answer, the pattern decides (it only spares time)
      const closesWithText = parts.length > 0 && "text" in (parts.at(-1) as Part);
      return {
        code,
        names,
        pattern: new RegExp(`^${source}$`),
        template,
        fixed,
        opensWithText,
        closesWithText,
      };
    })
    .sort(
      (a, b) =>
        Number(ZOD_OWN.has(a.code)) - Number(ZOD_OWN.has(b.code)) ||
        fixedLength(b.template) - fixedLength(a.template) ||
        a.names.length - b.names.length,
    );
  return matchers;
}

/**
 * The code and params whose English rendering is `message`: how an error built from text (zod's
 * messages, a message passed through) gets its code. Unknown text is UNCODED, never dropped.
 */
export function codeOfMessage(message: string): CodedMessage {
  for (const m of allMatchers()) {
    // Stryker disable next-line ConditionalExpression: equivalent, a looser first test changes no answer, the pattern decides (it only spares time)
    if (!mayMatch(m, message)) continue;
    const found = m.pattern.exec(message);
    // Stryker disable next-line ConditionalExpression: equivalent, mayMatch passes only text the pattern matches (its fixed text in order, from the start to the end)
    if (!found) continue;
    const params: ErrorParams = {};
    m.names.forEach((name, i) => {
      params[name] = paramValue(name, found[i + 1] as string);
    });
    // A repeated argument must read the same both times, or this template did not make the text.
    if (errorText(m.code, params) === message) return { code: m.code, params };
  }
  return { code: "UNCODED", params: { text: message } };
}
