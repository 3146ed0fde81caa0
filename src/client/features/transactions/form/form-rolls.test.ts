import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../../../../scripts/lib/i18n-catalogs";
import { ROLL_MESSAGES, type Roll } from "../../../../domain/roll";
import { TRANSACTION_MESSAGES } from "../../../../domain/transaction";
import { provideCatalog, translateMessage } from "../../../i18n/store";
import { inTakingOrder } from "../api/key-rolls";
import {
  copyRow,
  emptyForm,
  type ItemRowValues,
  parseRollEntry,
  rollsTotal,
  type TransactionFormValues,
  toPayload,
} from "./form-model";
import { FORM_MESSAGES, formPathOf, validateForm } from "./form-validation";
import { rollOthers } from "./use-row-limits";

// The messages are the English catalog's (src/client/i18n): the words the screens show.
provideCatalog("en", compileCatalog("en"));

const row = (over: Partial<ItemRowValues> = {}): ItemRowValues => ({
  rowId: "r1",
  typeName: "Cotton",
  materialId: "7",
  batch: "LOT-1",
  yards: "",
  confirmedBatch: "",
  rolls: [],
  rollWidth: "",
  rollBin: "",
  rollId: "",
  unitCost: "",
  destinationBin: "",
  ...over,
});
const form = (items: ItemRowValues[]): TransactionFormValues => ({
  ...emptyForm("2024-03-05"),
  supplierId: "3",
  warehouseId: "2",
  sourceWarehouseId: "2",
  destinationWarehouseId: "4",
  reasonCode: "Cutting Loss",
  items,
});
const noStock = () => 0;
const rolls = (...lengths: string[]) => lengths.map((l) => ({ lengthYards: l, ticketYards: "" }));

describe("quick entry of roll lengths", () => {
  it("reads lengths separated by spaces, lines and semicolons, a ticket after a slash", () => {
    expect(parseRollEntry("45.5 38\n52.25/53;  .5 ")).toEqual({
      rolls: [
        { lengthYards: "45.5", ticketYards: "" },
        { lengthYards: "38", ticketYards: "" },
        { lengthYards: "52.25", ticketYards: "53" },
        { lengthYards: ".5", ticketYards: "" },
      ],
      rejected: [],
    });
  });

  it("hands back what is not a plain positive length (kept in the box)", () => {
    expect(parseRollEntry("10 abc 0 -3 1e3 4/0 5/6/7 7/x 1,5 12")).toEqual({
      rolls: [
        { lengthYards: "10", ticketYards: "" },
        { lengthYards: "12", ticketYards: "" },
      ],
      rejected: ["abc", "0", "-3", "1e3", "4/0", "5/6/7", "7/x", "1,5"],
    });
    expect(parseRollEntry("   \n ")).toEqual({ rolls: [], rejected: [] });
  });

  it("totals lengths and tickets in hundredths", () => {
    const total = rollsTotal([
      { lengthYards: "0.1", ticketYards: "" },
      { lengthYards: "0.2", ticketYards: "0.25" },
      { lengthYards: "x", ticketYards: "1" },
    ]);
    expect(total).toEqual({ yards: 0.3, ticketYards: 1.25, tickets: 2 });
  });
});

describe("receive payload with rolls", () => {
  it("sends the typed rolls (blank roll rows left out) with the item's width and bin, no yards", () => {
    const values = form([
      row({
        yards: "99",
        rolls: [
          { lengthYards: "45.5", ticketYards: "46" },
          { lengthYards: "", ticketYards: "" },
          { lengthYards: "38", ticketYards: "" },
        ],
        rollWidth: "58",
        rollBin: " A-3 ",
      }),
      row({ rowId: "r2", yards: "12" }),
    ]);
    const payload = toPayload("receive", values, noStock);
    expect(payload.items?.[0]).toEqual({
      id: "r1",
      materialId: 7,
      batch: "LOT-1",
      rolls: [
        { lengthYards: 45.5, ticketYards: 46, widthInches: 58, bin: "A-3" },
        { lengthYards: 38, ticketYards: undefined, widthInches: 58, bin: "A-3" },
      ],
    });
    // Without rolls: the spec's plain path, one roll of the typed yards.
    expect(payload.items?.[1]).toEqual({ id: "r2", materialId: 7, batch: "LOT-1", yards: 12 });
    expect(validateForm("receive", values, noStock).itemIssues).toEqual([]);
  });

  it("puts the domain's roll messages at the roll's own field, counting blank rows", () => {
    const values = form([
      row({
        rolls: [
          { lengthYards: "10", ticketYards: "" },
          { lengthYards: "", ticketYards: "" },
          { lengthYards: "0", ticketYards: "-2" },
          { lengthYards: "1.234", ticketYards: "" },
          { lengthYards: "12 yd", ticketYards: "" },
          { lengthYards: "12,5", ticketYards: "" },
        ],
        rollWidth: "300",
        rollBin: "x".repeat(41),
      }),
    ]);
    const { itemIssues, itemMessages } = validateForm("receive", values, noStock);
    const at = (path: string) => itemIssues.filter((i) => i.path === path).map((i) => i.message);
    expect(at("items.0.rolls.2.lengthYards")).toEqual([ROLL_MESSAGES.lengthPositive]);
    expect(at("items.0.rolls.2.ticketYards")).toEqual([ROLL_MESSAGES.ticketPositive]);
    expect(at("items.0.rolls.3.lengthYards")).toEqual(["Yards may have at most 2 decimal places"]);
    // Not a plain number: named as such, not as "greater than 0".
    expect(at("items.0.rolls.4.lengthYards")).toEqual([FORM_MESSAGES.yardsNotNumber]);
    // A decimal comma: said at the roll's field and in the toast in a clerk's words.
    const comma = itemIssues.filter((i) => i.path === "items.0.rolls.5.lengthYards");
    expect(comma.map((i) => [translateMessage(i.message), i.fieldMessage])).toEqual([
      [
        "Enter yards as a number with a dot for decimals, such as 12.5",
        "Type a number with a dot, e.g. 12.5",
      ],
    ]);
    expect(at("items.0.rolls.0.lengthYards")).toEqual([]);
    expect(at("items.0.rollWidth")[0]).toBe(ROLL_MESSAGES.width);
    expect(at("items.0.rollBin")[0]).toMatch(/at most 40 characters/);
    expect(at("items.0.yards")).toEqual([]);
    expect(itemMessages).toContain(ROLL_MESSAGES.lengthPositive);
  });

  it("says too many rolls at the item's yards", () => {
    const values = form([row({ rolls: rolls(...Array.from({ length: 501 }, () => "1")) })]);
    const { itemIssues } = validateForm("receive", values, noStock);
    expect(itemIssues.map((i) => [i.path, i.message])).toEqual([
      ["items.0.yards", ROLL_MESSAGES.tooManyRolls],
    ]);
  });

  it("a row whose roll rows are all blank is the plain path again (yards required)", () => {
    const values = form([row({ rolls: rolls("", "") })]);
    const { itemIssues } = validateForm("receive", values, noStock);
    expect(itemIssues.map((i) => [i.path, i.message])).toEqual([
      ["items.0.yards", TRANSACTION_MESSAGES.yardsPositive],
    ]);
  });

  it("a copied row keeps width and bin, not the rolls nor a picked roll", () => {
    const copy = copyRow(row({ rolls: rolls("5"), rollWidth: "58", rollBin: "A", rollId: "9" }));
    expect(copy).toMatchObject({ rolls: [], rollWidth: "58", rollBin: "A", rollId: "" });
  });
});

describe("outgoing and transfer payloads name the picked roll", () => {
  it("sends rollId only when a roll was picked", () => {
    for (const kind of ["production-usage", "waste", "return", "transfer"] as const) {
      const payload = toPayload(
        kind,
        form([row({ yards: "5", rollId: "42" }), row({ rowId: "r2", yards: "3" })]),
        noStock,
      );
      const [picked, any] = payload.items ?? [];
      expect(picked?.rollId).toBe(42);
      expect(any && "rollId" in any).toBe(false);
      expect(Math.abs(picked?.yards ?? 0)).toBe(5);
    }
  });

  it("a receive or a count never sends a roll list or roll id from a stray value", () => {
    const receive = toPayload("receive", form([row({ yards: "5", rollId: "42" })]), noStock);
    expect(receive.items?.[0]).toEqual({ id: "r1", materialId: 7, batch: "LOT-1", yards: 5 });
    const count = toPayload("stock-opname", form([row({ yards: "5", rolls: rolls("5") })]), noStock);
    expect(count.items?.[0]).not.toHaveProperty("rolls");
    expect(count.items?.[0]).not.toHaveProperty("rollId");
  });

  it("shares a roll among rows: each row sees what the others cut from it", () => {
    expect(
      rollOthers([
        { rollId: "1", yards: "2" },
        { rollId: "1", yards: "3.5" },
        { rollId: "", yards: "7" },
        { rollId: "2", yards: "x" },
      ]),
    ).toEqual([3.5, 2, 0, 0]);
  });
});

describe("roll picker order", () => {
  const roll = (id: number, lengthYards: number, firstReceived: string) =>
    ({ id, lengthYards, firstReceived }) as Roll;
  it("lists rolls as the server takes them: shortest, then earliest received, then lowest id", () => {
    const ordered = inTakingOrder([
      roll(5, 10, "2024-01-02"),
      roll(4, 10, "2024-01-01"),
      roll(3, 2.5, "2024-03-01"),
      roll(2, 10, "2024-01-01"),
    ]);
    expect(ordered.map((r) => r.id)).toEqual([3, 2, 4, 5]);
  });
});

describe("a server refusal's issue paths", () => {
  it("map to the form's fields, or to nothing", () => {
    expect(formPathOf("items.0.rolls.3.lengthYards")).toBe("items.0.rolls.3.lengthYards");
    expect(formPathOf("items.2.rolls.0.ticketYards")).toBe("items.2.rolls.0.ticketYards");
    expect(formPathOf("items.1.rolls.4.widthInches")).toBe("items.1.rollWidth");
    expect(formPathOf("items.1.rolls.4.bin")).toBe("items.1.rollBin");
    expect(formPathOf("items.5.rollId")).toBe("items.5.rollId");
    expect(formPathOf("items.0.yards")).toBe("items.0.yards");
    expect(formPathOf("supplierId")).toBe("supplierId");
    expect(formPathOf("items")).toBeNull();
    expect(formPathOf("items.0.countedYards")).toBeNull();
    expect(formPathOf("items.0.rolls")).toBeNull();
    expect(formPathOf("xitems.0.rollId")).toBeNull();
  });
});
