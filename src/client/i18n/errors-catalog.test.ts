import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_TEMPLATES } from "../../domain/error-codes";
import { templateParams } from "../../domain/error-text";
import en from "./messages/en/errors.json";
import id from "./messages/id/errors.json";

/** The arguments of a catalog template, sorted: the same set in every language. */
const argumentsOf = (template: string) => templateParams(template).sort();

describe("the error catalogs (CONTRACT.md section 17)", () => {
  it("say in English exactly what the server's registry says, code for code", () => {
    const registry = Object.fromEntries(ERROR_CODES.map((code) => [`errors.${code}`, ERROR_TEMPLATES[code]]));
    expect(en).toEqual(registry);
  });

  it("have an Indonesian entry for every English one, and no other", () => {
    expect(Object.keys(id).sort()).toEqual(Object.keys(en).sort());
  });

  it("name the same placeholders in Indonesian as in English, and no stray braces", () => {
    const indonesian = id as Record<string, string>;
    for (const [key, template] of Object.entries(en)) {
      const translated = indonesian[key] ?? "";
      expect(argumentsOf(translated), key).toEqual(argumentsOf(template));
      const rest = translated.replace(/'\{[^']*\}'/g, "").replace(/\{\w+\}/g, "");
      expect(/[{}]/.test(rest), `${key}: ${translated}`).toBe(false);
    }
  });

  it("are translated: an Indonesian entry is not the English left in place", () => {
    const indonesian = id as Record<string, string>;
    const untranslated = Object.entries(en).filter(
      ([key, template]) => indonesian[key] === template && /[a-z]{3}/.test(template.replace(/\{\w+\}/g, "")),
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });
});
