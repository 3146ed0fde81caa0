import { describe, expect, it } from "vitest";
import { netChangeByKey } from "../../../../domain/stock-key";
import { openingBatchDates } from "./opening-rolls";
import { batchTotalChanges, materialTotalChanges } from "./totals";

/**
 * The totals step's sums (decisions 006 and 010), from a posting's lines: per (material,
 * warehouse) and per (material, batch), in the order their rows are locked. The server tests
 * (material-totals.test.ts, batch-totals.test.ts) prove the stored totals through postings.
 */
const line = (
  materialId: number,
  batch: string,
  warehouseId: number,
  deltaCenti: number,
  valueChangeE4 = 0,
) => ({
  materialId,
  batch,
  warehouseId,
  deltaCenti,
  valueChangeE4,
});

describe("material totals of a posting", () => {
  it("sums each material's keys per warehouse over its batches, ordered by material then warehouse", () => {
    const net = netChangeByKey([
      line(2, "A", 1, 5),
      line(1, "B", 2, 30),
      line(1, "A", 2, 20),
      line(1, "A", 1, -10),
      line(1, "B", 1, 4),
    ]);
    expect(materialTotalChanges(net)).toEqual([
      { material_id: 1, warehouse_id: 1, yards_centi: -6 },
      { material_id: 1, warehouse_id: 2, yards_centi: 50 },
      { material_id: 2, warehouse_id: 1, yards_centi: 5 },
    ]);
  });

  it("keeps a zero change: a counted 0 makes a balance row, so it makes a total", () => {
    expect(materialTotalChanges(netChangeByKey([line(3, "A", 1, 0)]))).toEqual([
      { material_id: 3, warehouse_id: 1, yards_centi: 0 },
    ]);
    expect(materialTotalChanges([])).toEqual([]);
  });
});

describe("batch totals of a posting", () => {
  it("sums each batch over its warehouses (yards and value), in key order", () => {
    const net = netChangeByKey([
      line(2, "A", 1, 7, 70),
      line(1, "B", 1, -3, -30),
      line(1, "A", 2, 200, 2000),
      line(1, "A", 1, -200, -1500),
    ]);
    expect(batchTotalChanges(net, "2026-11-02")).toEqual([
      { material_id: 1, batch: "A", yards_centi: 0, value_e4: 500, first_received: "2026-11-02" },
      { material_id: 1, batch: "B", yards_centi: -3, value_e4: -30, first_received: null },
      { material_id: 2, batch: "A", yards_centi: 7, value_e4: 70, first_received: "2026-11-02" },
    ]);
  });

  it("dates a batch's receipt only when a key of it gains yards, as its balance rows are dated", () => {
    // A transfer within the batch adds yards at the destination: that key's first receipt may be this date.
    const transfer = netChangeByKey([line(1, "A", 1, -50), line(1, "A", 2, 50)]);
    expect(batchTotalChanges(transfer, "2026-11-03")[0]?.first_received).toBe("2026-11-03");
    const usage = netChangeByKey([line(1, "A", 1, -50, -10), line(1, "A", 2, 0)]);
    expect(batchTotalChanges(usage, "2026-11-03")[0]?.first_received).toBeNull();
  });

  it("dates an opening import's batch by its rolls' earliest receipt, not the posting's date", () => {
    const roll = (materialId: number, batch: string, firstReceived: string) => ({
      itemIndex: 0,
      materialId,
      batch,
      warehouseId: 1,
      lengthCenti: 100,
      ticketCenti: null,
      widthCenti: null,
      bin: null,
      parentRollId: null,
      supplierId: null,
      firstReceived,
      unitCostE4: 0,
    });
    const dates = openingBatchDates({
      warehouseId: 1,
      rolls: [roll(1, "A", "2025-03-01"), roll(1, "A", "2025-01-15"), roll(2, "A", "2025-02-01")],
    });
    const net = netChangeByKey([line(1, "A", 1, 200), line(2, "A", 1, 100), line(3, "A", 1, 100)]);
    expect(batchTotalChanges(net, "2026-11-03", dates).map((b) => b.first_received)).toEqual([
      "2025-01-15",
      "2025-02-01",
      // A batch the import brings no date for (none here in practice) keeps the posting's.
      "2026-11-03",
    ]);
  });
});
