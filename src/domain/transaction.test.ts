import { describe, expect, it } from "vitest";
import {
  KIND_REQUIREMENTS,
  localIsoDate,
  MAX_ITEMS,
  TRANSACTION_MESSAGES,
  transactionSchemaFor,
} from "./transaction";
import { TRANSACTION_KINDS, type TransactionKind } from "./transaction-kinds";

/** The posting schema (transactionSchemaFor) of every kind, with the spec's messages and paths. */

const item = { materialId: 1, batch: "B-1", yards: 5 };
const countItem = { materialId: 1, batch: "B-1", countedYards: 5 };
const itemFor = (kind: TransactionKind) => (kind === "stock-opname" ? countItem : item);
const headers: Record<TransactionKind, Record<string, unknown>> = {
  receive: { supplierId: 1, warehouseId: 2 },
  "production-usage": { warehouseId: 2 },
  waste: { warehouseId: 2, reasonCode: "Damaged" },
  transfer: { sourceWarehouseId: 2, destinationWarehouseId: 3 },
  return: { supplierId: 1, warehouseId: 2, reasonCode: "Wrong Item" },
  "stock-opname": { warehouseId: 2 },
};

function issues(kind: TransactionKind, body: unknown) {
  const result = transactionSchemaFor(kind).safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("transaction posting schema", () => {
  it("accepts a complete posting of every kind", () => {
    for (const kind of TRANSACTION_KINDS) {
      const body = { transactionDate: "2024-03-05", ...headers[kind], items: [itemFor(kind)] };
      expect(issues(kind, body), kind).toEqual([]);
    }
  });

  it("names each missing header field of each kind with the spec's message and path", () => {
    const expected: Record<TransactionKind, [string, string][]> = {
      receive: [
        ["supplierId", "Supplier is required"],
        ["warehouseId", "Warehouse is required"],
      ],
      "production-usage": [["warehouseId", "Warehouse is required"]],
      waste: [
        ["warehouseId", "Warehouse is required"],
        ["reasonCode", "Reason code is required"],
      ],
      transfer: [
        ["sourceWarehouseId", "Source warehouse is required"],
        ["destinationWarehouseId", "Destination warehouse is required"],
      ],
      return: [
        ["supplierId", "Supplier is required"],
        ["warehouseId", "Warehouse is required"],
        ["reasonCode", "Reason code is required"],
      ],
      "stock-opname": [["warehouseId", "Warehouse is required"]],
    };
    for (const kind of TRANSACTION_KINDS) {
      const found = issues(kind, { transactionDate: "2024-03-05", items: [itemFor(kind)] });
      expect(found, kind).toEqual(expected[kind].map(([path, message]) => ({ path, message })));
      expect(KIND_REQUIREMENTS[kind]).toEqual(expected[kind].map(([path]) => path));
    }
  });

  it("requires a real transaction date", () => {
    const base = { ...headers.receive, items: [item] };
    expect(issues("receive", base)).toEqual([
      { path: "transactionDate", message: "Transaction date is required" },
    ]);
    expect(issues("receive", { ...base, transactionDate: "  " })[0]?.message).toBe(
      "Transaction date is required",
    );
    expect(issues("receive", { ...base, transactionDate: "2024-02-30" })[0]?.path).toBe("transactionDate");
    expect(issues("receive", { ...base, transactionDate: "05/03/2024" })[0]?.path).toBe("transactionDate");
  });

  it("requires at least one item, and at most MAX_ITEMS", () => {
    const base = { transactionDate: "2024-03-05", ...headers.receive };
    expect(issues("receive", base)).toEqual([{ path: "items", message: "You must add at least one item" }]);
    expect(issues("receive", { ...base, items: [] })).toEqual([
      { path: "items", message: "You must add at least one item" },
    ]);
    const many = Array.from({ length: MAX_ITEMS + 1 }, () => item);
    expect(issues("receive", { ...base, items: many })[0]?.message).toBe(TRANSACTION_MESSAGES.tooManyItems);
  });

  it("checks every item with the spec's messages and item paths", () => {
    const body = {
      transactionDate: "2024-03-05",
      ...headers["production-usage"],
      items: [item, { batch: "  ", yards: 0 }, { materialId: 3, batch: "X", yards: -2.5 }],
    };
    expect(issues("production-usage", body)).toEqual([
      { path: "items.1.materialId", message: "All items must have a material selected" },
      { path: "items.1.batch", message: "All items must have a batch specified" },
      { path: "items.1.yards", message: "All items must have yards greater than 0" },
    ]);
  });

  it("accepts outgoing yards sent negative but refuses a negative transfer", () => {
    for (const kind of ["receive", "production-usage", "waste", "return"] as const) {
      expect(
        issues(kind, { transactionDate: "2024-03-05", ...headers[kind], items: [{ ...item, yards: -4 }] }),
      ).toEqual([]);
    }
    expect(
      issues("transfer", {
        transactionDate: "2024-03-05",
        ...headers.transfer,
        items: [{ ...item, yards: -4 }],
      }),
    ).toEqual([{ path: "items.0.yards", message: "All items must have yards greater than 0" }]);
  });

  it("refuses yards with more than 2 decimals, and a batch over 100 characters", () => {
    const base = { transactionDate: "2024-03-05", ...headers.receive };
    expect(issues("receive", { ...base, items: [{ ...item, yards: 1.234 }] })[0]?.path).toBe("items.0.yards");
    expect(issues("receive", { ...base, items: [{ ...item, batch: "x".repeat(101) }] })[0]?.path).toBe(
      "items.0.batch",
    );
  });

  it("limits reason codes to the contract's list of the kind", () => {
    const waste = { transactionDate: "2024-03-05", warehouseId: 2, items: [item] };
    expect(issues("waste", { ...waste, reasonCode: "Wrong Item" })).toEqual([
      {
        path: "reasonCode",
        message: "Reason code must be one of: Damaged, Defective, Cutting Loss, Obsolete, Other",
      },
    ]);
    expect(issues("return", { ...headers.return, ...waste, reasonCode: "Color Mismatch" })).toEqual([]);
    expect(issues("waste", { ...waste, reasonCode: "   " })).toEqual([
      { path: "reasonCode", message: "Reason code is required" },
    ]);
  });

  it("accepts a transactionType that agrees with the kind (name or code) and refuses one that does not", () => {
    const body = { transactionDate: "2024-03-05", ...headers["production-usage"], items: [item] };
    expect(issues("production-usage", { ...body, transactionType: "Production Usage" })).toEqual([]);
    expect(issues("production-usage", { ...body, transactionType: "production-usage" })).toEqual([]);
    expect(issues("production-usage", { ...body, transactionType: "Waste" })).toEqual([
      { path: "transactionType", message: 'This is a Production Usage posting; the body names "Waste"' },
    ]);
  });

  it("refuses a transfer to the same warehouse", () => {
    const body = {
      transactionDate: "2024-03-05",
      sourceWarehouseId: 2,
      destinationWarehouseId: 2,
      items: [item],
    };
    expect(issues("transfer", body)).toEqual([
      { path: "destinationWarehouseId", message: "Source and destination warehouses must be different" },
    ]);
  });

  it("stock opname: counted yards >= 0 in either shape, each material+batch once", () => {
    const base = { transactionDate: "2024-03-05", warehouseId: 2 };
    expect(
      issues("stock-opname", { ...base, items: [{ materialId: 1, batch: "A", countedYards: 0 }] }),
    ).toEqual([]);
    expect(
      issues("stock-opname", { ...base, items: [{ materialId: 1, batch: "A", yards: -3, systemYards: 5 }] }),
    ).toEqual([]);
    expect(
      issues("stock-opname", { ...base, items: [{ materialId: 1, batch: "A", countedYards: -1 }] }),
    ).toEqual([
      { path: "items.0.countedYards", message: "All items must have yards greater than or equal to 0" },
    ]);
    expect(
      issues("stock-opname", { ...base, items: [{ materialId: 1, batch: "A", yards: -6, systemYards: 5 }] }),
    ).toEqual([{ path: "items.0.yards", message: "All items must have yards greater than or equal to 0" }]);
    expect(issues("stock-opname", { ...base, items: [{ materialId: 1, batch: "A", yards: 3 }] })).toEqual([
      { path: "items.0.countedYards", message: TRANSACTION_MESSAGES.countedRequired },
    ]);
    const dup = [
      { materialId: 1, batch: "A", countedYards: 1 },
      { materialId: 1, batch: " A ", countedYards: 2 },
    ];
    expect(issues("stock-opname", { ...base, items: dup })).toEqual([
      { path: "items.1.batch", message: TRANSACTION_MESSAGES.duplicateCount },
    ]);
  });

  it("trims text, drops header fields the kind does not use, and ignores client item ids", () => {
    const parsed = transactionSchemaFor("waste").parse({
      transactionDate: "2024-03-05",
      supplierId: 9,
      warehouseId: 2,
      sourceWarehouseId: 4,
      reasonCode: " Damaged ",
      notes: "   ",
      referenceDocument: " PO-1 ",
      items: [{ id: "row-1", materialId: 1, batch: " B-1 ", yards: -2, typeName: "UI only" }],
    });
    expect(parsed).toEqual({
      transactionDate: "2024-03-05",
      notes: null,
      referenceDocument: "PO-1",
      supplierId: null,
      warehouseId: 2,
      sourceWarehouseId: null,
      destinationWarehouseId: null,
      reasonCode: "Damaged",
      items: [
        {
          materialId: 1,
          batch: "B-1",
          yards: -2,
          countedYards: null,
          systemYards: null,
          rollId: null,
          destinationBin: null,
          rolls: null,
          unitCost: null,
        },
      ],
    });
  });
});

describe("rules a mutation test found untested (issue 18)", () => {
  const OUTGOING_OR_IN = ["receive", "production-usage", "waste", "transfer", "return"] as const;
  const body = (kind: TransactionKind, items: unknown[], extra: Record<string, unknown> = {}) => ({
    transactionDate: "2024-03-05",
    ...headers[kind],
    items,
    ...extra,
  });

  it("refuses an item without yards, naming items.N.yards, for every kind that posts yards", () => {
    for (const kind of OUTGOING_OR_IN) {
      for (const missing of [{}, { yards: null }]) {
        expect(issues(kind, body(kind, [item, { materialId: 1, batch: "B-2", ...missing }])), kind).toEqual([
          { path: "items.1.yards", message: "All items must have yards greater than 0" },
        ]);
      }
    }
  });

  it("refuses a transfer of 0 yards and accepts the smallest positive one", () => {
    expect(issues("transfer", body("transfer", [{ ...item, yards: 0 }]))).toEqual([
      { path: "items.0.yards", message: "All items must have yards greater than 0" },
    ]);
    expect(issues("transfer", body("transfer", [{ ...item, yards: 0.01 }]))).toEqual([]);
    expect(issues("receive", body("receive", [{ ...item, yards: -0.01 }]))).toEqual([]);
  });

  it("reports the kind's rules as custom zod issues at the field's path", () => {
    const result = transactionSchemaFor("receive").safeParse(body("receive", [item], { supplierId: null }));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: "custom", path: ["supplierId"], message: "Supplier is required" }),
    ]);
  });

  it("names the date's own problem: its format or a day that does not exist", () => {
    const dated = (transactionDate: string) =>
      issues("receive", body("receive", [item], { transactionDate }));
    expect(dated("05/03/2024")).toEqual([
      { path: "transactionDate", message: "Use the date format yyyy-MM-dd" },
    ]);
    expect(dated("2023-02-29")).toEqual([{ path: "transactionDate", message: "Not a real calendar date" }]);
    expect(dated("2024-02-29")).toEqual([]);
  });

  it("keeps a receipt's supplier and warehouse", () => {
    const parsed = transactionSchemaFor("receive").parse(body("receive", [item]));
    expect(parsed).toMatchObject({
      supplierId: 1,
      warehouseId: 2,
      sourceWarehouseId: null,
      reasonCode: null,
    });
    const transfer = transactionSchemaFor("transfer").parse(body("transfer", [item]));
    expect(transfer).toMatchObject({ supplierId: null, warehouseId: null, sourceWarehouseId: 2 });
    expect(transfer.destinationWarehouseId).toBe(3);
  });

  it("ignores header fields the kind does not use instead of checking them", () => {
    // A reason code on a receipt, the same warehouse twice on a usage: neither field belongs to it.
    const receive = body("receive", [item], {
      reasonCode: "Lost",
      sourceWarehouseId: 4,
      destinationWarehouseId: 4,
    });
    expect(issues("receive", receive)).toEqual([]);
    expect(transactionSchemaFor("receive").parse(receive).reasonCode).toBeNull();
    const usage = body("production-usage", [item], { sourceWarehouseId: 4, destinationWarehouseId: 4 });
    expect(issues("production-usage", usage)).toEqual([]);
  });

  it("stock opname: several different items are fine; an item without material or batch is no duplicate", () => {
    const base = { transactionDate: "2024-03-05", warehouseId: 2 };
    const distinct = [
      { materialId: 1, batch: "A", countedYards: 1 },
      { materialId: 1, batch: "B", countedYards: 1 },
      { materialId: 2, batch: "A", countedYards: 1 },
    ];
    expect(issues("stock-opname", { ...base, items: distinct })).toEqual([]);
    expect(
      issues("stock-opname", {
        ...base,
        items: [
          { batch: "A", countedYards: 1 },
          { batch: "A", countedYards: 2 },
        ],
      }),
    ).toEqual([
      { path: "items.0.materialId", message: TRANSACTION_MESSAGES.material },
      { path: "items.1.materialId", message: TRANSACTION_MESSAGES.material },
    ]);
    expect(
      issues("stock-opname", {
        ...base,
        items: [
          { materialId: 1, countedYards: 1 },
          { materialId: 1, countedYards: 2 },
        ],
      }),
    ).toEqual([
      { path: "items.0.batch", message: TRANSACTION_MESSAGES.batch },
      { path: "items.1.batch", message: TRANSACTION_MESSAGES.batch },
    ]);
  });

  it("limits the length of the free fields and words a date that is not text as missing", () => {
    expect(issues("receive", body("receive", [{ ...item, batch: "x".repeat(101) }]))).toEqual([
      { path: "items.0.batch", message: "Batch must be at most 100 characters" },
    ]);
    expect(issues("receive", body("receive", [{ ...item, id: "r".repeat(201) }]))).toEqual([
      { path: "items.0.id", message: "Must be at most 200 characters" },
    ]);
    expect(issues("receive", body("receive", [{ ...item, id: "r".repeat(200) }]))).toEqual([]);
    expect(issues("receive", body("receive", [item], { transactionType: "Receive".padEnd(101) }))).toEqual([
      { path: "transactionType", message: "Must be at most 100 characters" },
    ]);
    expect(issues("receive", body("receive", [item], { transactionDate: 20240305 }))).toEqual([
      { path: "transactionDate", message: "Transaction date is required" },
    ]);
  });

  it("writes years below 1000 with four digits", () => {
    expect(localIsoDate(new Date(999, 0, 5, 12))).toBe("0999-01-05");
    expect(localIsoDate(new Date(2024, 10, 9, 12))).toBe("2024-11-09");
  });
});
