import { describe, expect, it } from "vitest";
import {
  TransactionCountsSchema,
  TransactionDetailSchema,
  TransactionListRowSchema,
} from "./transaction-views";

/**
 * The transactions' answer shapes (transaction-views.ts): nothing a list row, a detail or the counts
 * carry is dropped.
 */
describe("response shapes (documentation of the answers)", () => {
  it("keep every field of a list row, a detail and the counts", () => {
    const row = {
      id: 7,
      transactionNumber: "TRF-2024-00003",
      transactionDate: "2024-03-05",
      transactionType: "Transfer",
      supplierName: null,
      warehouseName: null,
      sourceWarehouseName: "Main",
      destinationWarehouseName: "Branch",
      referenceDocument: "PO-1",
      reasonCode: null,
      detailsCount: 2,
      reversesNumber: null,
      reversedByNumber: "RCV-2024-00002",
      correctsNumber: null,
    };
    expect(TransactionListRowSchema.parse(row)).toEqual(row);
    const detail = {
      header: {
        id: 7,
        transactionNumber: "OPN-2024-00001",
        transactionType: "Stock Opname",
        transactionDate: "2024-03-05",
        supplierName: null,
        sourceName: null,
        destinationName: null,
        warehouseName: "Main",
        referenceDocument: null,
        reasonCode: null,
        notes: "Yearly count",
        createdBy: "clerk",
        createdAt: "2024-03-05T08:00:00.000Z",
        mixedLots: false,
        reversesId: null,
        reversesNumber: null,
        reversalReason: null,
        reversedById: 12,
        reversedByNumber: "OPN-2024-00002",
      },
      details: [
        {
          id: 11,
          materialId: 1,
          typeName: "Cotton",
          colorName: "Navy",
          batch: "B-1",
          warehouseId: 2,
          warehouseName: "Main",
          yardsChange: -2.5,
          previousYards: 10,
          countedYards: 7.5,
          rollId: 4,
          rollCode: "R000004",
        },
      ],
    };
    expect(TransactionDetailSchema.parse(detail)).toEqual(detail);
    const counts = {
      Receive: 1,
      "Production Usage": 2,
      Waste: 3,
      Transfer: 4,
      Return: 5,
      "Stock Opname": 6,
      "Cost Correction": 7,
    };
    expect(TransactionCountsSchema.parse(counts)).toEqual(counts);
    expect(TransactionListRowSchema.safeParse({ ...row, transactionType: "Adjustment" }).success).toBe(false);
  });
});
