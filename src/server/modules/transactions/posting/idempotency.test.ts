import { describe, expect, it } from "vitest";
import { canonicalJson } from "./idempotency";

/**
 * The form an Idempotency-Key's request is hashed in (CONTRACT.md section 2): the same body gives
 * the same hash whatever order its fields came in, another body another hash. The hash is stored
 * with the key, so the form is also what a key claimed before an upgrade is compared with.
 */
describe("an idempotency key's canonical request", () => {
  const body = {
    transactionDate: "2026-11-02",
    note: 'a "quoted", comma, text',
    warehouseId: 3,
    closed: false,
    supplierId: null,
    items: [
      { yards: 7.5, batch: "B", materialId: 1 },
      { materialId: 2, batch: "", tags: [1, [2, "x"]] },
    ],
  };

  it("is JSON of the same value, keys sorted at every level", () => {
    expect(JSON.parse(canonicalJson(body))).toEqual(body);
    expect(canonicalJson({ b: 1, a: [2, { d: null, c: "x" }], B: true })).toBe(
      '{"B":true,"a":[2,{"c":"x","d":null}],"b":1}',
    );
  });

  it("is the same whatever order the fields come in, and a field set to undefined is one left out", () => {
    const reordered = {
      items: [
        { materialId: 1, batch: "B", yards: 7.5 },
        { tags: [1, [2, "x"]], batch: "", materialId: 2 },
      ],
      supplierId: null,
      closed: false,
      warehouseId: 3,
      note: 'a "quoted", comma, text',
      transactionDate: "2026-11-02",
    };
    expect(canonicalJson(reordered)).toBe(canonicalJson(body));
    expect(canonicalJson({ ...body, binned: undefined, items: body.items })).toBe(canonicalJson(body));
  });

  it("differs for different values", () => {
    const pairs: [unknown, unknown][] = [
      [[1, 2], [12]],
      [{ a: 1 }, { a: 2 }],
      [{ a: 1 }, { b: 1 }],
      [1, "1"],
      [null, {}],
      [[], {}],
      ["ab", { 0: "a", 1: "b" }],
    ];
    for (const [a, b] of pairs) expect(canonicalJson(a), JSON.stringify([a, b])).not.toBe(canonicalJson(b));
  });
});
