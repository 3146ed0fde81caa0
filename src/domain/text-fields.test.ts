import { describe, expect, it } from "vitest";
import { optionalText, plainText, requiredText, TEXT_MESSAGES } from "./common";

/** CONTRACT.md section 1: how names, free text and plain inputs are checked and trimmed. */

const messages = (
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe("a name (requiredText)", () => {
  // Made inside each test, so that a mutation run counts the schema's making as this test's.
  const name = () => requiredText("Name is required", 5);

  it("is trimmed before its length is checked", () => {
    expect(name().parse("  abcde  ")).toBe("abcde");
    expect(messages(name(), "abcdef")).toEqual(["Must be at most 5 characters"]);
  });

  it("missing, not text or blank: the field's own 'required' wording", () => {
    for (const v of [undefined, null, 5, "", "   "])
      expect(messages(name(), v), String(v)).toEqual(["Name is required"]);
  });

  it("takes its own wording for a name that is too long", () => {
    expect(messages(requiredText("Name is required", 3, "Names are short"), "abcd")).toEqual([
      "Names are short",
    ]);
  });
});

describe("plain text (login fields, filters): kept as typed, no control character", () => {
  it("refuses a tab or a line break, which a single-line field cannot hold", () => {
    for (const v of ["a\tb", "a\nb", "a\rb", "\u0000"])
      expect(messages(plainText(), v), JSON.stringify(v)).toEqual([TEXT_MESSAGES.control]);
    expect(plainText().parse("  spaced  ")).toBe("  spaced  ");
  });

  it("words its length limit and a missing value as asked", () => {
    expect(messages(plainText({ max: 3 }), "abcd")).toEqual(["Must be at most 3 characters"]);
    expect(messages(plainText({ error: "Username is required" }), undefined)).toEqual([
      "Username is required",
    ]);
  });
});

describe("optional free text", () => {
  it("is trimmed, blank becomes null, and its limit is worded", () => {
    expect(optionalText(3).parse("  ab ")).toBe("ab");
    expect(optionalText(3).parse("   ")).toBeNull();
    expect(messages(optionalText(3), "abcd")).toEqual(["Must be at most 3 characters"]);
  });

  it("keeps line breaks only where it is multi-line", () => {
    expect(optionalText(100, { multiline: true }).parse("line 1\nline 2")).toBe("line 1\nline 2");
    expect(messages(optionalText(100), "line 1\nline 2")).toEqual([TEXT_MESSAGES.control]);
  });
});
