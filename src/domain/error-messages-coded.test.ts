import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { codeOfMessage } from "./error-text";

/**
 * CONTRACT.md section 17: every message an answer may send has a code in the registry. The server
 * tests fail on any message they meet without one (src/server/test/test-context.ts); this reads the
 * sources for the messages no test meets: each literal given to an error constructor, as an issue's
 * or a zod rule's message, must read back as a registered template (a `${...}` as any value).
 */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "test" || name === "migrations" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const LITERAL = String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\x60(?:[^\x60\\]|\\.|\$\{[^}]*\})*\x60)`;
/** Where a literal is a message: an error constructor's argument, `message:`, zod's `error:` or a rule's message. */
const MESSAGE_PLACES = [
  String.raw`\b(?:badRequest|conflict|notFound|forbidden|unauthorized|requiredText)\(\s*`,
  String.raw`new AppError\(\s*\d+,\s*"[A-Z_]+",\s*`,
  String.raw`\bmessage:\s*`,
  String.raw`\{\s*error:\s*`,
  String.raw`\.(?:refine|min|max|regex|length)\((?:[^()]|\([^()]*\))*?,\s*`,
].map((place) => new RegExp(place + LITERAL, "g"));

/** Startup and internal failures (never an answer's message), and the server's own log lines. */
const NOT_ANSWERS = ["src/server/env.ts", "src/server/main.ts", "src/server/lib/xlsx-worker.ts"];

function uncodedLiterals(): string[] {
  const found: string[] = [];
  for (const file of [...sources("src/server"), ...sources("src/domain")]) {
    if (NOT_ANSWERS.includes(file) || /error-codes/.test(file)) continue;
    const text = readFileSync(file, "utf8");
    for (const place of MESSAGE_PLACES) {
      for (const match of text.matchAll(place)) {
        const literal = (match[1] as string).slice(1, -1);
        const sample = literal.replace(/\$\{[^}]*\}/g, "‹value›").replace(/\\(.)/g, "$1");
        // Words only: a column key, a code or a path is not a sentence a clerk reads.
        if (!/[a-z]{2,} [a-z]{2,}/i.test(sample)) continue;
        if (codeOfMessage(sample).code === "UNCODED") found.push(`${file}: ${sample}`);
      }
    }
  }
  return found;
}

describe("messages in the sources (CONTRACT.md section 17)", () => {
  it("are each a registered template: no error, issue or rule message is sent without a code", () => {
    expect(uncodedLiterals()).toEqual([]);
  });
});
