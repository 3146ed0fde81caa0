import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_CODES, ERROR_TEMPLATES } from "./error-codes";
import { codeOfMessage, errorText, templateParams } from "./error-text";

/** Every source file of the app except the registry itself and the tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isSource = /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);
    return isSource && !path.endsWith("error-codes.ts") ? [path] : [];
  });
}

/** Values that cannot be mistaken for fixed text: the placeholder's name in angle quotes. */
const sample = (names: string[]) => Object.fromEntries(names.map((n) => [n, `‹${n}›`]));

describe("the error code registry (CONTRACT.md section 17)", () => {
  it("gives every code its own template", () => {
    const byTemplate = new Map<string, string[]>();
    for (const code of ERROR_CODES) {
      const template = ERROR_TEMPLATES[code];
      byTemplate.set(template, [...(byTemplate.get(template) ?? []), code]);
    }
    expect([...byTemplate.values()].filter((codes) => codes.length > 1)).toEqual([]);
  });

  it("uses only plain {name} arguments, so any ICU MessageFormat reader and the server agree", () => {
    for (const code of ERROR_CODES) {
      const template = ERROR_TEMPLATES[code];
      const rest = template.replace(/'\{[^']*\}'/g, "").replace(/\{\w+\}/g, "");
      expect(/[{}<]/.test(rest), `${code}: ${template}`).toBe(false);
    }
  });

  it("reads every message back to the code and params that made it", () => {
    for (const code of ERROR_CODES) {
      if (code === "UNCODED" || code === "AT_FIELD") continue;
      const params = sample(templateParams(ERROR_TEMPLATES[code]));
      expect(codeOfMessage(errorText(code, params)), code).toEqual({ code, params });
    }
  });

  it("codes zod's own messages (where a schema gave no words) with a few generic codes", () => {
    const refusals: [z.ZodType, unknown][] = [
      [z.string(), 5],
      [z.strictObject({ a: z.string() }), { a: "x", b: 1 }],
      [z.strictObject({ a: z.string() }), { a: "x", b: 1, c: 2 }],
      [z.enum(["a", "b"]), "c"],
      [z.string().min(3), "x"],
      [z.number().max(5), 9],
      [z.array(z.string()).min(1), []],
      [z.union([z.string(), z.number()]), true],
      [z.literal("x"), "y"],
      [z.string().regex(/^a$/), "b"],
      [z.iso.date(), "x"],
    ];
    const codes = new Set<string>();
    for (const [schema, value] of refusals) {
      const result = schema.safeParse(value);
      for (const issue of result.error?.issues ?? []) {
        const coded = codeOfMessage(issue.message);
        expect(coded.code, issue.message).not.toBe("UNCODED");
        expect(errorText(coded.code, coded.params)).toBe(issue.message);
        codes.add(coded.code);
      }
    }
    expect(codes.size).toBeGreaterThanOrEqual(8);
  });

  it("sends a length param as a number of yards, said in yards in English, and reads it back", () => {
    const message = errorText("ORDER_LINE_SHORT", { line: 2, shortYards: 1234.5 });
    expect(message).toBe("Line 2 is short by 1,234.50 yards.");
    expect(codeOfMessage(message)).toEqual({
      code: "ORDER_LINE_SHORT",
      params: { line: "2", shortYards: 1234.5 },
    });
    // Text that is not how a length is said stays text (and still renders the same message).
    expect(codeOfMessage("Line 2 is short by lots.")).toEqual({
      code: "ORDER_LINE_SHORT",
      params: { line: "2", shortYards: "lots" },
    });
  });

  it("codes text it does not know as UNCODED, keeping the text", () => {
    expect(codeOfMessage("Something nobody wrote")).toEqual({
      code: "UNCODED",
      params: { text: "Something nobody wrote" },
    });
  });

  it("has no code that nothing in src uses", () => {
    const source = sourceFiles("src")
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    expect(ERROR_CODES.filter((code) => !source.includes(`"${code}"`))).toEqual([]);
  });
});
