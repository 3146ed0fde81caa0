import { describe, expect, it } from "vitest";
import { codeOfMessage, errorText, formatTemplate, templateParams, templateParts } from "./error-text";

/**
 * Templates with ICU's quoting (CONTRACT.md section 17), and lengths said in yards read back as
 * numbers. Rendering and reading back share the template's parsing, so these state the English text
 * itself: a round trip alone would agree with any parsing.
 */
describe("formatTemplate", () => {
  it("keeps quoted braces as text, reads '' as one apostrophe, and leaves a lone apostrophe as it is", () => {
    expect(formatTemplate("Send '{ a, b }' or {x}", { x: "y" })).toBe("Send { a, b } or y");
    expect(formatTemplate("a '}' b")).toBe("a } b");
    expect(formatTemplate("it''s {n}", { n: 3 })).toBe("it's 3");
    // '' is one apostrophe even right before a brace: the brace still opens an argument.
    expect(formatTemplate("it''{n}", { n: 3 })).toBe("it'3");
    expect(formatTemplate("the rolls' lengths")).toBe("the rolls' lengths");
    // An opening quote never closed quotes the rest of the template.
    expect(formatTemplate("a '{b} c {d}", { b: 1, d: 2 })).toBe("a {b} c {d}");
    expect(templateParams("'{q}' {a} {b} {a}")).toEqual(["a", "b"]);
    // A value not given stays as its placeholder, so the gap shows rather than vanishing.
    expect(formatTemplate("Hello {name}, {n} left", { n: 2 })).toBe("Hello {name}, 2 left");
  });

  it("says a ...Yards param with its unit and a ...Yd param as the figure, other numbers as they are", () => {
    expect(errorText("ROLL_HOLDS_LESS", { roll: "R000007", holdsYards: 1234.5, requestedYd: 2 })).toBe(
      "Roll R000007 holds 1,234.50 yards; 2.00 requested.",
    );
    expect(errorText("ORDER_LINE_SHORT", { line: 1234, shortYards: 0.5 })).toBe(
      "Line 1234 is short by 0.50 yards.",
    );
  });

  it("the registry's quoted example reads as written", () => {
    expect(errorText("COUNT_ENTRY_SHAPE")).toBe(
      "Send rollCode or rollId with countedYards, or unlabelled: { materialId, batch, countedYards }",
    );
  });
});

describe("templateParts", () => {
  it("splits a template into its fixed text and arguments, with no empty text between or around them", () => {
    expect(templateParts("{a}{b}")).toEqual([{ arg: "a" }, { arg: "b" }]);
    expect(templateParts("Roll {roll} holds")).toEqual([
      { text: "Roll " },
      { arg: "roll" },
      { text: " holds" },
    ]);
    expect(templateParts("")).toEqual([]);
  });
});

describe("codeOfMessage", () => {
  it("reads a message whose first argument is one character long", () => {
    expect(codeOfMessage("3 rolls cannot serve their items: none")).toEqual({
      code: "ROLLS_CANNOT_SERVE",
      params: { count: "3", problems: "none" },
    });
  });

  it("reads a length back as a number only when it is said as a length is said", () => {
    expect(codeOfMessage("Roll R1 holds -1,234.50 yards; 0.25 requested.")).toEqual({
      code: "ROLL_HOLDS_LESS",
      params: { roll: "R1", holdsYards: -1234.5, requestedYd: 0.25 },
    });
    // A leading zero, a missing comma or one decimal is not how a length is said: it stays text.
    expect(codeOfMessage("Roll R1 holds 01.50 yards; 1234.50 requested.")).toEqual({
      code: "ROLL_HOLDS_LESS",
      params: { roll: "R1", holdsYards: "01.50 yards", requestedYd: "1234.50" },
    });
    // A param that is not a length stays text however it looks.
    expect(codeOfMessage("Line 1,234.50 is short by 2.00 yards.")).toEqual({
      code: "ORDER_LINE_SHORT",
      params: { line: "1,234.50", shortYards: 2 },
    });
  });
});
