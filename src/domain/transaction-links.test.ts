import { describe, expect, it } from "vitest";
import { transactionSchemaFor } from "./transaction";
import { TRANSACTION_KINDS, type TransactionKind } from "./transaction-kinds";

/**
 * What links a posting to a purchase order (CONTRACT.md section 16), an order (section 15) or a
 * destination bin: which kinds take them, and what the posting reads once the rules passed.
 */

const item = { materialId: 1, batch: "B-1", yards: 5 };
const countItem = { materialId: 1, batch: "B-1", countedYards: 5 };
const headers: Record<TransactionKind, Record<string, unknown>> = {
  receive: { supplierId: 1, warehouseId: 2 },
  "production-usage": { warehouseId: 2 },
  waste: { warehouseId: 2, reasonCode: "Damaged" },
  transfer: { sourceWarehouseId: 2, destinationWarehouseId: 3 },
  return: { supplierId: 1, warehouseId: 2, reasonCode: "Wrong Item" },
  "stock-opname": { warehouseId: 2 },
};
const body = (kind: TransactionKind, over: Record<string, unknown> = {}, itemOver = {}) => ({
  transactionDate: "2024-03-05",
  ...headers[kind],
  items: [{ ...(kind === "stock-opname" ? countItem : item), ...itemOver }],
  ...over,
});

function issues(kind: TransactionKind, input: unknown): [string, string][] {
  const result = transactionSchemaFor(kind).safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
}
const parse = (kind: TransactionKind, input: unknown) => transactionSchemaFor(kind).parse(input);

describe("a posting's purchase order", () => {
  it("is a receive's alone, and so is allowOver", () => {
    for (const kind of TRANSACTION_KINDS.filter((k) => k !== "receive")) {
      expect(issues(kind, body(kind, { purchaseOrderId: 4, allowOver: false })), kind).toEqual([
        ["purchaseOrderId", "Only a receive is received against a purchase order"],
        ["allowOver", "Only a receive is received against a purchase order"],
      ]);
    }
    expect(issues("receive", body("receive", { purchaseOrderId: 4, allowOver: true }))).toEqual([]);
  });

  it("is read with allowOver, false unless it is true; a receive without one has neither", () => {
    expect(parse("receive", body("receive", { purchaseOrderId: 4, allowOver: true }))).toMatchObject({
      purchaseOrderId: 4,
      allowOver: true,
    });
    expect(parse("receive", body("receive", { purchaseOrderId: 4 }))).toMatchObject({
      purchaseOrderId: 4,
      allowOver: false,
    });
    const plain = parse("receive", body("receive"));
    expect(plain).not.toHaveProperty("purchaseOrderId");
    expect(plain).not.toHaveProperty("allowOver");
  });

  it("names its line only on a receive against it, and the posting reads the line named", () => {
    expect(issues("receive", body("receive", {}, { purchaseOrderLineId: 9 }))).toEqual([
      ["items.0.purchaseOrderLineId", "A purchase order line needs the receive's purchaseOrderId"],
    ]);
    const received = parse("receive", body("receive", { purchaseOrderId: 4 }, { purchaseOrderLineId: 9 }));
    expect(received.items[0]?.purchaseOrderLineId).toBe(9);
    expect(parse("receive", body("receive", { purchaseOrderId: 4 })).items[0]).not.toHaveProperty(
      "purchaseOrderLineId",
    );
  });
});

describe("a posting's order", () => {
  it("is a production usage's alone, and the posting reads it", () => {
    for (const kind of TRANSACTION_KINDS.filter((k) => k !== "production-usage")) {
      expect(issues(kind, body(kind, { orderId: 7 })), kind).toEqual([
        ["orderId", "Only a production usage can fulfil an order"],
      ]);
    }
    expect(parse("production-usage", body("production-usage", { orderId: 7 })).orderId).toBe(7);
    expect(parse("production-usage", body("production-usage"))).not.toHaveProperty("orderId");
  });
});

describe("a destination bin", () => {
  it("is a transfer's alone, and the posting reads it", () => {
    for (const kind of TRANSACTION_KINDS.filter((k) => k !== "transfer")) {
      expect(issues(kind, body(kind, {}, { destinationBin: "A-1" })), kind).toEqual([
        ["items.0.destinationBin", "Only a transfer puts rolls in a destination bin"],
      ]);
    }
    expect(parse("transfer", body("transfer", {}, { destinationBin: "A-1" })).items[0]?.destinationBin).toBe(
      "A-1",
    );
    expect(parse("transfer", body("transfer")).items[0]?.destinationBin).toBeNull();
  });
});
