import { describe, expect, it } from "vitest";
import { TRANSACTION_MESSAGES } from "../../../../domain/transaction";
import { emptyForm, type ItemRowValues, type TransactionFormValues, toPayload } from "./form-model";
import { validateForm } from "./form-validation";
import { rowCaps } from "./yards-limit";

const row = (over: Partial<ItemRowValues> = {}): ItemRowValues => ({
  rowId: "r1",
  typeName: "Cotton",
  materialId: "7",
  batch: "LOT-1",
  yards: "5",
  confirmedBatch: "",
  rolls: [],
  rollWidth: "",
  rollBin: "",
  rollId: "",
  unitCost: "",
  destinationBin: "",
  ...over,
});
const form = (over: Partial<TransactionFormValues>): TransactionFormValues => ({
  ...emptyForm("2024-03-05"),
  ...over,
});
const noStock = () => 0;

describe("transaction form model", () => {
  it("sends outgoing yards negative, receive and transfer as entered, header ids only of the kind", () => {
    const usage = toPayload(
      "production-usage",
      form({ warehouseId: "2", supplierId: "9", items: [row()] }),
      noStock,
    );
    expect(usage).toMatchObject({
      transactionType: "Production Usage",
      warehouseId: 2,
      supplierId: undefined,
    });
    expect(usage.items?.[0]).toEqual({ id: "r1", materialId: 7, batch: "LOT-1", yards: -5 });
    const receive = toPayload(
      "receive",
      form({ warehouseId: "2", supplierId: "9", items: [row()] }),
      noStock,
    );
    expect(receive).toMatchObject({ supplierId: 9, warehouseId: 2, items: [{ yards: 5 }] });
    const transfer = toPayload(
      "transfer",
      form({ sourceWarehouseId: "2", destinationWarehouseId: "3", items: [row({ yards: "2.25" })] }),
      noStock,
    );
    expect(transfer).toMatchObject({
      sourceWarehouseId: 2,
      destinationWarehouseId: 3,
      items: [{ yards: 2.25 }],
    });
  });

  it("sends a stock opname item's counted and system yards", () => {
    const payload = toPayload(
      "stock-opname",
      form({ warehouseId: "2", items: [row({ yards: "3" })] }),
      () => 11,
    );
    expect(payload.items?.[0]).toEqual({
      id: "r1",
      materialId: 7,
      batch: "LOT-1",
      countedYards: 3,
      systemYards: 11,
    });
  });

  it("puts header problems at the fields and item problems in the spec's order", () => {
    const empty = validateForm("return", form({ items: [] }), noStock);
    expect(empty.fieldIssues.map((i) => i.message)).toEqual([
      "Supplier is required",
      "Warehouse is required",
      "Reason code is required",
    ]);
    expect(empty.itemMessages).toEqual([TRANSACTION_MESSAGES.noItems]);

    const rows = [
      row({ yards: "0" }),
      row({ rowId: "r2", materialId: "", batch: " " }),
      row({ yards: "-1" }),
    ];
    const bad = validateForm(
      "waste",
      form({ warehouseId: "2", reasonCode: "Damaged", items: rows }),
      noStock,
    );
    expect(bad.fieldIssues).toEqual([]);
    expect(bad.itemMessages).toEqual([
      TRANSACTION_MESSAGES.material,
      TRANSACTION_MESSAGES.batch,
      TRANSACTION_MESSAGES.yardsPositive,
    ]);
    expect(bad.itemIssues.map((i) => i.path)).toEqual([
      "items.0.yards",
      "items.1.materialId",
      "items.1.batch",
      "items.2.yards",
    ]);
  });

  it("accepts a zero count but not a blank or negative one on stock opname", () => {
    const ok = validateForm(
      "stock-opname",
      form({ warehouseId: "2", items: [row({ yards: "0" })] }),
      noStock,
    );
    expect(ok.itemMessages).toEqual([]);
    for (const yards of ["", "-2"]) {
      const bad = validateForm("stock-opname", form({ warehouseId: "2", items: [row({ yards })] }), noStock);
      expect(bad.itemMessages).toEqual([TRANSACTION_MESSAGES.yardsNonNegative]);
      expect(bad.itemIssues[0]?.path).toBe("items.0.yards");
    }
  });

  it("limits yards to what the batch has left after the other rows", () => {
    const rows = [row({ yards: "30" }), row({ rowId: "r2", yards: "20.5" }), row({ rowId: "r3", batch: "" })];
    expect(rowCaps(rows, () => 100.25)).toEqual([79.75, 70.25, undefined]);
  });
});
