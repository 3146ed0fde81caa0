import { describe, expect, it } from "vitest";
import { filterOptions } from "./combobox";

const options = [
  { value: "1", label: "Cotton - Navy Blue" },
  { value: "2", label: "Cotton - Red", keywords: "#ff0000" },
  { value: "3", label: "Linen - Navy" },
];

describe("combobox filterOptions", () => {
  it("keeps every option for an empty search", () => {
    expect(filterOptions(options, "  ")).toHaveLength(3);
  });

  it("matches every word, in any order, ignoring case, in label or keywords", () => {
    expect(filterOptions(options, "navy cotton").map((o) => o.value)).toEqual(["1"]);
    expect(filterOptions(options, "NAVY").map((o) => o.value)).toEqual(["1", "3"]);
    expect(filterOptions(options, "#ff00").map((o) => o.value)).toEqual(["2"]);
    expect(filterOptions(options, "silk")).toEqual([]);
  });
});
