import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  badCharacter,
  hasVisibleCharacter,
  optionalText,
  plainText,
  requiredText,
  TEXT_MESSAGES,
} from "./common";
import { SupplierInputSchema } from "./supplier";
import { ThresholdInputSchema } from "./threshold";
import { EARLIEST_TRANSACTION_DATE, TRANSACTION_MESSAGES, transactionSchemaFor } from "./transaction";
import { LoginSchema, passwordSchema, usernameSchema } from "./user";
import { WarehouseInputSchema } from "./warehouse";

/** CONTRACT.md section 1, "Text". */

const isWellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Strings of UTF-16 code units of every kind: controls, lone surrogates, proper pairs, zero-width. */
const anyUnits = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
      fc.constantFrom("🧵", "👩‍👩‍👧", "\uD800", "\uDFFF", "\u200B", "\t", "\n", "\r"),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(""));

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.success ? [] : (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);
}

describe("badCharacter", () => {
  it("finds every C0 control character and DEL; tab, LF and CR only where line breaks are allowed", () => {
    for (let c = 0; c <= 0x7f; c++) {
      const text = `a${String.fromCharCode(c)}b`;
      const control = c < 0x20 || c === 0x7f;
      expect(badCharacter(text), `U+${c.toString(16)}`).toBe(control ? "control" : null);
      const lineBreak = c === 0x09 || c === 0x0a || c === 0x0d;
      expect(badCharacter(text, true), `U+${c.toString(16)}`).toBe(control && !lineBreak ? "control" : null);
    }
    expect(badCharacter("\u0080\u00A0\u200B\u2028")).toBeNull();
  });

  it("finds lone surrogates anywhere and accepts proper pairs", () => {
    for (const text of ["\uD800", "a\uD800", "\uD800b", "\uDC00", "a\uDFFFb", "\uDC00\uD800", "🧵\uD83E"]) {
      expect(badCharacter(text), JSON.stringify(text)).toBe("surrogate");
    }
    expect(badCharacter("🧵 👩‍👩‍👧 \uD800\uDC00 \uDBFF\uDFFF")).toBeNull();
  });

  it("agrees with a regular expression and String.prototype.isWellFormed on any string", () => {
    fc.assert(
      fc.property(anyUnits, fc.boolean(), (text, lineBreaks) => {
        const controls = lineBreaks
          ? // biome-ignore lint/suspicious/noControlCharactersInRegex: the oracle looks for them on purpose
            /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
          : // biome-ignore lint/suspicious/noControlCharactersInRegex: the oracle looks for them on purpose
            /[\u0000-\u001F\u007F]/;
        const hasControl = controls.test(text);
        const wellFormed = isWellFormed(text);
        const found = badCharacter(text, lineBreaks);
        expect(found === null).toBe(!hasControl && wellFormed);
        // With both kinds in one string, the first one met is named.
        if (found === "control") expect(hasControl).toBe(true);
        if (found === "surrogate") expect(wellFormed).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("hasVisibleCharacter", () => {
  it("is false for spaces and zero-width characters alone, true once anything shows", () => {
    for (const text of [
      "",
      " ",
      "\u200B",
      "\u200C\u200D",
      "\u2060",
      "\uFEFF",
      "\u00A0\u3000\u2003",
      "\u00AD",
    ]) {
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of ["a", "\u200Ba", "7", "🧵", "-", ".", "क्षे", "\u00A0Gudang"]) {
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("holds for any mix of invisible characters, and any visible letter added to it", () => {
    const invisible = fc
      .array(
        fc.constantFrom(" ", "\u00A0", "\u2003", "\u3000", "\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF"),
      )
      .map((a) => a.join(""));
    fc.assert(
      fc.property(
        invisible,
        invisible,
        fc.constantFrom("x", "Ж", "東", "🧵", "0"),
        (before, after, shown) => {
          expect(hasVisibleCharacter(before + after)).toBe(false);
          expect(hasVisibleCharacter(before + shown + after)).toBe(true);
        },
      ),
    );
  });
});

describe("the shared text schemas", () => {
  const name = requiredText("Name is required", 10);

  it("a name: trimmed, required when nothing shows, refused with one clear message for a bad character", () => {
    expect(name.parse("  Main  ")).toBe("Main");
    for (const blank of ["", "   ", "\u200B", " \u200C\u200D ", "\uFEFF", "\u2060"]) {
      expect(messages(name.safeParse(blank)), JSON.stringify(blank)).toEqual([["", "Name is required"]]);
    }
    expect(messages(name.safeParse(undefined))).toEqual([["", "Name is required"]]);
    expect(messages(name.safeParse("A\u0000B"))).toEqual([["", TEXT_MESSAGES.control]]);
    expect(messages(name.safeParse("\u0000"))).toEqual([["", TEXT_MESSAGES.control]]);
    // Checked before trimming: a tab at the end is not trimmed away.
    expect(messages(name.safeParse("Main\t"))).toEqual([["", TEXT_MESSAGES.control]]);
    expect(messages(name.safeParse("Main\uD800"))).toEqual([["", TEXT_MESSAGES.surrogate]]);
    expect(messages(name.safeParse("x".repeat(11)))).toEqual([["", "Must be at most 10 characters"]]);
  });

  it("a name holds exactly when it has no bad character and something shows", () => {
    fc.assert(
      fc.property(anyUnits, (text) => {
        const ok = name.safeParse(text).success;
        const trimmed = text.trim();
        // zod counts code points, so an emoji is one character.
        expect(ok).toBe(
          badCharacter(text) === null && hasVisibleCharacter(trimmed) && [...trimmed].length <= 10,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("free text: blank is null; line breaks only where multi-line", () => {
    const single = optionalText(100);
    const multi = optionalText(100, { multiline: true });
    expect(single.parse("  ")).toBeNull();
    expect(single.parse(null)).toBeNull();
    expect(multi.parse(" Line 1\r\n\tLine 2 ")).toBe("Line 1\r\n\tLine 2");
    expect(messages(single.safeParse("Line 1\nLine 2"))).toEqual([["", TEXT_MESSAGES.control]]);
    expect(messages(multi.safeParse("Line 1\u0000"))).toEqual([["", TEXT_MESSAGES.control]]);
    expect(messages(multi.safeParse("\u000B"))).toEqual([["", TEXT_MESSAGES.control]]);
    expect(messages(multi.safeParse("\uDC00"))).toEqual([["", TEXT_MESSAGES.surrogate]]);
  });

  it("plain text (passwords, query values) is not trimmed", () => {
    expect(plainText().parse("  secret  ")).toBe("  secret  ");
    expect(messages(plainText({ max: 3 }).safeParse("abcd"))).toEqual([["", "Must be at most 3 characters"]]);
    expect(messages(plainText().safeParse("\u007F"))).toEqual([["", TEXT_MESSAGES.control]]);
  });
});

describe("the schemas that use them", () => {
  it("users: zero-width usernames are required, a NUL is a control character, passwords refuse them too", () => {
    expect(messages(usernameSchema.safeParse("\u200B"))).toEqual([["", "Username is required"]]);
    expect(messages(usernameSchema.safeParse("admin\u0000"))).toEqual([["", TEXT_MESSAGES.control]]);
    expect(messages(usernameSchema.safeParse("bad name!"))).toEqual([
      ["", "Username may use letters, digits and . _ @ -"],
    ]);
    expect(usernameSchema.parse(" siti.r@gudang ")).toBe("siti.r@gudang");
    expect(messages(passwordSchema.safeParse("long enough\u0000"))).toEqual([["", TEXT_MESSAGES.control]]);
    expect(messages(LoginSchema.safeParse({ username: "admin\u0000", password: "x\uD800" }))).toEqual([
      ["username", TEXT_MESSAGES.control],
      ["password", TEXT_MESSAGES.surrogate],
    ]);
    expect(messages(LoginSchema.safeParse({ username: "\u200B", password: "x" }))).toEqual([
      ["username", "Username is required"],
    ]);
  });

  it("master data: the spec's 'required' message for an invisible name, line breaks in contact info only", () => {
    expect(messages(WarehouseInputSchema.safeParse({ name: "\u200B\u200C" }))).toEqual([
      ["name", "Warehouse name is required"],
    ]);
    expect(messages(WarehouseInputSchema.safeParse({ name: "Main", location: "Jl. 1\nJakarta" }))).toEqual([
      ["location", TEXT_MESSAGES.control],
    ]);
    expect(SupplierInputSchema.parse({ name: "Textile Co.", contactInfo: "Budi\n0812" }).contactInfo).toBe(
      "Budi\n0812",
    );
    expect(
      messages(ThresholdInputSchema.safeParse({ materialId: 1, batch: "\u200B", thresholdYards: 5 })),
    ).toEqual([["batch", "Batch must have a visible character, or be blank for all batches"]]);
    expect(ThresholdInputSchema.parse({ materialId: 1, batch: "  ", thresholdYards: 5 }).batch).toBeNull();
  });

  it("postings: an invisible batch is missing, notes keep line breaks, dates start at 2000-01-01", () => {
    const receive = transactionSchemaFor("receive");
    const body = (extra: Record<string, unknown>, item: Record<string, unknown> = {}) => ({
      transactionDate: "2024-03-05",
      supplierId: 1,
      warehouseId: 2,
      items: [{ materialId: 1, batch: "B-1", yards: 5, ...item }],
      ...extra,
    });
    expect(messages(receive.safeParse(body({}, { batch: "\u200B" })))).toEqual([
      ["items.0.batch", TRANSACTION_MESSAGES.batch],
    ]);
    expect(messages(receive.safeParse(body({}, { batch: "B\u0000" })))).toEqual([
      ["items.0.batch", TEXT_MESSAGES.control],
    ]);
    expect(receive.parse(body({ notes: "a\tb\r\nc" })).notes).toBe("a\tb\r\nc");
    expect(messages(receive.safeParse(body({ referenceDocument: "PO\n1" })))).toEqual([
      ["referenceDocument", TEXT_MESSAGES.control],
    ]);
    expect(EARLIEST_TRANSACTION_DATE).toBe("2000-01-01");
    expect(messages(receive.safeParse(body({ transactionDate: "1999-12-31" })))).toEqual([
      ["transactionDate", TRANSACTION_MESSAGES.dateTooEarly],
    ]);
    expect(TRANSACTION_MESSAGES.dateTooEarly).toBe("The transaction date cannot be earlier than 2000-01-01.");
    expect(receive.safeParse(body({ transactionDate: "2000-01-01" })).success).toBe(true);
  });
});
