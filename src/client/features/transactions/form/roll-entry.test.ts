import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../../../../scripts/lib/i18n-catalogs";
import { provideCatalog } from "../../../i18n/store";
import { parseRollEntry, rejectedEntriesText, rollsSummary } from "./form-model";

// The messages are the English catalog's (src/client/i18n): the words the screens show.
provideCatalog("en", compileCatalog("en"));

/** The running total as the clerk reads it (the parts joined). */
const summary = (...rolls: [string, string?][]) =>
  rollsSummary(rolls.map(([lengthYards, ticketYards = ""]) => ({ lengthYards, ticketYards })))
    .map((p) => p.text)
    .join("");

describe("receive quick entry: what is typed", () => {
  it("takes a comma after a length as a separator, like a space, but not a decimal comma", () => {
    expect(parseRollEntry("45.5/46 38 52.25/53 12,5 -3 40, 41")).toEqual({
      rolls: [
        { lengthYards: "45.5", ticketYards: "46" },
        { lengthYards: "38", ticketYards: "" },
        { lengthYards: "52.25", ticketYards: "53" },
        { lengthYards: "40", ticketYards: "" },
        { lengthYards: "41", ticketYards: "" },
      ],
      rejected: ["12,5", "-3"],
    });
    expect(parseRollEntry("10,\n20 ,30, 40,")).toEqual({
      rolls: [
        { lengthYards: "10", ticketYards: "" },
        { lengthYards: "20", ticketYards: "" },
        { lengthYards: "40", ticketYards: "" },
      ],
      rejected: [",30"],
    });
  });

  it("names each entry not added in quotes, with why", () => {
    expect(rejectedEntriesText(["12,5", "-3"])).toBe(
      'Not added: "12,5" (use a dot for decimals: 12.5); "-3" (must be more than 0).',
    );
    expect(rejectedEntriesText(["abc", "0", "1e3", "4/0", "5/6/7", "7/x", "12,5/13", "1,000"])).toBe(
      'Not added: "abc" (not a length); "0" (must be more than 0); "1e3" (not a length); ' +
        '"4/0" (must be more than 0); "5/6/7" (one slash only: length/ticket); "7/x" (not a length); ' +
        '"12,5/13" (use a dot for decimals: 12.5/13); "1,000" (use a dot for decimals).',
    );
    expect(rejectedEntriesText([",30"])).toBe('Not added: ",30" (not a length).');
  });
});

describe("receive roll list: the running total says what it covers", () => {
  it("counts the tickets it sums, and the shortfall only over rolls with a length and a ticket", () => {
    expect(summary(["45.5", "46"], ["38"], ["52.25", "53"], ["41"])).toBe(
      "4 rolls · total 176.75 yd · 2 with a ticket: 99.00 yd ticketed, 1.25 yd short",
    );
    expect(summary(["45.5", "46"], ["38"], ["52.25"])).toBe(
      "3 rolls · total 135.75 yd · 1 with a ticket: 46.00 yd ticketed, 0.50 yd short",
    );
  });

  it("says no shortfall for a ticket without a length, and names the rolls it compares when some lack one", () => {
    expect(summary(["", "40"])).toBe("1 roll · total 0.00 yd · 1 with a ticket: 40.00 yd ticketed");
    expect(summary(["12,5"], ["0"], ["", "40"])).toBe(
      "3 rolls · total 0.00 yd · 1 with a ticket: 40.00 yd ticketed",
    );
    expect(summary(["45.5", "46"], ["", "40"])).toBe(
      "2 rolls · total 45.50 yd · 2 with a ticket: 86.00 yd ticketed, 0.50 yd short on the 1 measured",
    );
  });

  it("leaves the ticket part out when no roll has one, and shows no shortfall when nothing is short", () => {
    expect(summary(["10"])).toBe("1 roll · total 10.00 yd");
    expect(summary(["46", "46"], ["50", "49"])).toBe(
      "2 rolls · total 96.00 yd · 2 with a ticket: 95.00 yd ticketed",
    );
  });

  it("marks the figures and the shortfall for the screen", () => {
    expect(rollsSummary([{ lengthYards: "45", ticketYards: "46" }])).toEqual([
      { text: "1 roll", tone: "strong" },
      { text: " · total " },
      { text: "45.00 yd", tone: "strong" },
      { text: " · 1 with a ticket: 46.00 yd ticketed" },
      { text: ", 1.00 yd short", tone: "warning" },
    ]);
  });
});
