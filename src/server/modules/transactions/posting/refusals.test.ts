import { describe, expect, it } from "vitest";
import type { AppError } from "../../../lib/http-errors";
import type { References } from "./references";
import {
  balanceError,
  beforeFirstReceipt,
  listAll,
  rollMismatch,
  rollShortages,
  rollsShort,
  valueLimitError,
} from "./refusals";

/**
 * The posting's refusals as a clerk reads them (CONTRACT.md sections 8, 11, 12): status, code, the
 * message naming the stock row or every roll in the way, and one issue per field to fix.
 */
const refs: References = {
  suppliers: new Map(),
  warehouses: new Map([[2, "Main"]]),
  materials: new Map([[1, { typeName: "Cotton", colorName: "Red" }]]),
};
const key = { materialId: 1, batch: "A", warehouseId: 2 };

const shape = (e: AppError) => ({ status: e.statusCode, code: e.code, message: e.message, issues: e.issues });

describe("posting refusals", () => {
  it("a shortage names the stock row, what it has and what was asked, on the item of that material and batch", () => {
    const items = [
      { materialId: 1, batch: "B" },
      { materialId: 3, batch: "A" },
      { materialId: 1, batch: "A" },
    ];
    const message =
      "Not enough stock of Cotton / Red, batch A at Main: 1.50 yards available, 4.00 requested.";
    const refusal = { ...key, reason: "shortage" as const, availableCenti: 150, requestedCenti: 400 };
    expect(shape(balanceError(refusal, refs, items))).toEqual({
      status: 409,
      code: "INSUFFICIENT_STOCK",
      message,
      issues: [{ path: "items.2.yards", message }],
    });
  });

  it("a balance over its limit says how much it holds and how much was added; with no matching item the first item carries it", () => {
    const refusal = { ...key, reason: "overflow" as const, availableCenti: 250, addedCenti: 1000 };
    const e = balanceError(refusal, refs, [{ materialId: 1, batch: "Z" }]);
    const message =
      "The stock of Cotton / Red, batch A at Main would exceed 10,000,000,000.00 yards, the most one stock row may hold: " +
      "2.50 yards now, 10.00 added. Nothing was saved.";
    expect(shape(e)).toEqual({
      status: 409,
      code: "BALANCE_LIMIT",
      message,
      issues: [{ path: "items.0.yards", message }],
    });
  });

  it("a named roll that cannot serve its item is a 400 on that item's rollId", () => {
    expect(shape(rollMismatch(3, "Roll R000009 does not exist."))).toEqual({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "items.3.rollId: Roll R000009 does not exist.",
      issues: [{ path: "items.3.rollId", message: "Roll R000009 does not exist." }],
    });
  });

  it("rolls holding less than their balance name the stock row and npm run check", () => {
    expect(shape(rollsShort(refs, key))).toEqual({
      status: 409,
      code: "INSUFFICIENT_STOCK",
      message:
        "The rolls of Cotton / Red, batch A at Main hold less than its stock; run npm run check. Nothing was saved.",
      issues: undefined,
    });
  });

  it("lists every part, the last after 'and'", () => {
    expect(listAll([])).toBe("");
    expect(listAll(["A"])).toBe("A");
    expect(listAll(["A", "B"])).toBe("A and B");
    expect(listAll(["A", "B", "C", "D"])).toBe("A, B, C and D");
  });

  it("one roll received after the date: named once, with its date and the posting's", () => {
    const roll = { rollId: 7, date: "2026-11-05", moved: false, path: "items.1.rollId" };
    const e = beforeFirstReceipt([roll, { ...roll, path: "items.4.yards" }], "2026-11-02");
    expect(shape(e)).toEqual({
      status: 400,
      code: "BEFORE_FIRST_RECEIPT",
      message:
        "R000007 was first received on 2026-11-05; the date (2026-11-02) cannot be before it. Nothing was saved.",
      issues: [
        {
          path: "items.1.rollId",
          message: "R000007 was first received on 2026-11-05; the date cannot be before it.",
        },
      ],
    });
    const moved = beforeFirstReceipt([{ ...roll, moved: true }], "2026-11-02");
    expect(moved.message).toBe(
      "R000007 was moved here on 2026-11-05; the date (2026-11-02) cannot be before it. Nothing was saved.",
    );
    expect(moved.issues).toEqual([
      {
        path: "items.1.rollId",
        message: "R000007 was moved here on 2026-11-05; the date cannot be before it.",
      },
    ]);
  });

  it("several rolls in the way: each once, in code order, and 'moved' when any of them was", () => {
    const rolls = [
      { rollId: 12, date: "2026-11-06", moved: false, path: "items.0.yards" },
      { rollId: 5, date: "2026-11-04", moved: false, path: "items.2.rollId" },
      { rollId: 12, date: "2026-11-06", moved: false, path: "items.3.yards" },
    ];
    const received = beforeFirstReceipt(rolls, "2026-11-01");
    expect(shape(received)).toEqual({
      status: 400,
      code: "BEFORE_FIRST_RECEIPT",
      message:
        "R000005 (2026-11-04) and R000012 (2026-11-06) were first received after 2026-11-01; " +
        "the date cannot be before a roll's first receipt. Nothing was saved.",
      issues: [
        {
          path: "items.2.rollId",
          message: "R000005 was first received on 2026-11-04; the date cannot be before it.",
        },
        {
          path: "items.0.yards",
          message: "R000012 was first received on 2026-11-06; the date cannot be before it.",
        },
      ],
    });
    const oneMoved = beforeFirstReceipt(
      [rolls[0], { ...rolls[1], moved: true }] as typeof rolls,
      "2026-11-01",
    );
    expect(oneMoved.message).toBe(
      "R000005 (2026-11-04) and R000012 (2026-11-06) were received or moved here after 2026-11-01; " +
        "the date cannot be before a roll is there. Nothing was saved.",
    );
    expect(oneMoved.issues?.map((i) => i.message)).toEqual([
      "R000005 was moved here on 2026-11-04; the date cannot be before it.",
      "R000012 was first received on 2026-11-06; the date cannot be before it.",
    ]);
  });

  it("named rolls asked for more than they hold: one is named alone, several together, each on its item", () => {
    const one = rollShortages([{ itemIndex: 1, rollId: 3, holdsCenti: 250, askedCenti: 400 }]);
    expect(shape(one)).toEqual({
      status: 409,
      code: "INSUFFICIENT_STOCK",
      message: "Roll R000003 holds 2.50 yards; 4.00 requested. Nothing was saved.",
      issues: [{ path: "items.1.yards", message: "Roll R000003 holds 2.50 yards; 4.00 requested." }],
    });
    const two = rollShortages([
      { itemIndex: 0, rollId: 3, holdsCenti: 250, askedCenti: 400 },
      { itemIndex: 2, rollId: 8, holdsCenti: 0, askedCenti: 1 },
    ]);
    expect(shape(two)).toEqual({
      status: 409,
      code: "INSUFFICIENT_STOCK",
      message:
        "R000003 and R000008 hold less than requested: Roll R000003 holds 2.50 yards; 4.00 requested. " +
        "Roll R000008 holds 0.00 yards; 0.01 requested. Nothing was saved.",
      issues: [
        { path: "items.0.yards", message: "Roll R000003 holds 2.50 yards; 4.00 requested." },
        { path: "items.2.yards", message: "Roll R000008 holds 0.00 yards; 0.01 requested." },
      ],
    });
  });

  it("a value beyond the exact limit names what and the limit in money", () => {
    expect(shape(valueLimitError("Batch A"))).toEqual({
      status: 409,
      code: "VALUE_LIMIT",
      message:
        "Batch A would be worth more than 900,719,925,474.0991, the most one roll, batch or warehouse may be " +
        "worth and stay exact to the ten-thousandth. Nothing was saved.",
      issues: undefined,
    });
  });
});
