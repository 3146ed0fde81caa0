import { describe, expect, it } from "vitest";
import { MAX_ORDER_LINES, OrderInputSchema, orderStatusOf, ReserveInputSchema } from "./order";

/** Customer orders (CONTRACT.md section 15): what a new order and a reservation accept, and an order's status. */

function messages(schema: { safeParse(body: unknown): unknown }, body: unknown): string[] {
  const r = schema.safeParse(body) as { success: boolean; error?: { issues: { message: string }[] } };
  return r.success ? [] : (r.error?.issues ?? []).map((i) => i.message);
}

const line = { materialId: 4, yards: 12.5 };
const order = { reference: " SO-1 ", warehouseId: 2, lines: [line] };

describe("OrderInputSchema", () => {
  it("takes a reference, a warehouse and lines; a line is from one lot, not one piece, unless said", () => {
    expect(OrderInputSchema.parse(order)).toEqual({
      reference: "SO-1",
      customer: null,
      warehouseId: 2,
      lines: [{ materialId: 4, yards: 12.5, oneLot: true, onePiece: false }],
    });
    expect(
      OrderInputSchema.parse({ ...order, lines: [{ ...line, oneLot: false, onePiece: true }] }).lines,
    ).toEqual([{ materialId: 4, yards: 12.5, oneLot: false, onePiece: true }]);
  });

  it("needs a reference and 1 to MAX_ORDER_LINES lines", () => {
    expect(messages(OrderInputSchema, { ...order, reference: "  " })).toEqual(["Reference is required"]);
    expect(messages(OrderInputSchema, { ...order, lines: [] })).toEqual(["Add at least one line"]);
    const many = Array.from({ length: MAX_ORDER_LINES + 1 }, () => line);
    expect(messages(OrderInputSchema, { ...order, lines: many })).toEqual([
      `At most ${MAX_ORDER_LINES} lines`,
    ]);
    expect(messages(OrderInputSchema, { ...order, lines: many.slice(1) })).toEqual([]);
  });
});

describe("ReserveInputSchema", () => {
  it("takes no body (reserve as proposed) or chosen rolls per line, each line with at least one roll", () => {
    expect(ReserveInputSchema.parse(undefined)).toBeUndefined();
    expect(ReserveInputSchema.parse({})).toEqual({});
    const chosen = { lines: [{ lineId: 1, rolls: [{ rollId: 9, yards: 3 }] }] };
    expect(ReserveInputSchema.parse(chosen)).toEqual(chosen);
    expect(messages(ReserveInputSchema, { lines: [] })).toEqual(["Choose rolls for at least one line"]);
    expect(messages(ReserveInputSchema, { lines: [{ lineId: 1, rolls: [] }] })).toEqual([
      "Choose at least one roll",
    ]);
    const rolls = Array.from({ length: 501 }, (_, i) => ({ rollId: i + 1, yards: 1 }));
    expect(messages(ReserveInputSchema, { lines: [{ lineId: 1, rolls }] })).toEqual(["At most 500 rolls"]);
    expect(messages(ReserveInputSchema, { lines: [{ lineId: 1, rolls: rolls.slice(1) }] })).toEqual([]);
  });
});

describe("orderStatusOf", () => {
  const l = (yardsCenti: number, reservedCenti: number, fulfilledCenti: number) => ({
    yardsCenti,
    reservedCenti,
    fulfilledCenti,
  });

  it("is Fulfilled when every line has all its yards, and only then", () => {
    expect(orderStatusOf([l(100, 0, 100), l(50, 0, 60)])).toBe("Fulfilled");
    expect(orderStatusOf([l(100, 0, 100), l(50, 0, 49)])).toBe("Partly Fulfilled");
  });

  it("is Partly Fulfilled when some yards went out, Reserved when some are held, Open otherwise", () => {
    expect(orderStatusOf([l(100, 0, 1), l(50, 0, 0)])).toBe("Partly Fulfilled");
    expect(orderStatusOf([l(100, 1, 0), l(50, 0, 0)])).toBe("Reserved");
    expect(orderStatusOf([l(100, 0, 0), l(50, 0, 0)])).toBe("Open");
    // Fulfilment outranks reservation: what is left of a partly fulfilled order may be held too.
    expect(orderStatusOf([l(100, 50, 50)])).toBe("Partly Fulfilled");
  });

  it("an order without lines is Open, not Fulfilled", () => {
    expect(orderStatusOf([])).toBe("Open");
  });
});
