import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGE_BANDS, ageBand } from "./aging";
import {
  AGE_BAND_NAMES,
  AgingRowSchema,
  AgingSummarySchema,
  addDays,
  DAILY_MOVEMENT_DAYS,
  DailyMovementSchema,
  DashboardSchema,
  daysBetween,
  LowStockRowSchema,
  RECENT_ACTIVITY_DAYS,
  STOCK_GROUP_BYS,
  STOCK_GROUP_LABELS,
  StockStatusGroupSchema,
  sumYards,
} from "./report";
import { StockLevelSchema, stockKey } from "./stock";

describe("aging bands (CONTRACT.md section 4)", () => {
  it("New 0-30, Normal 31-60, Aging 61-90, Old 91+", () => {
    const cases: [number, string][] = [
      [0, "New"],
      [30, "New"],
      [31, "Normal"],
      [60, "Normal"],
      [61, "Aging"],
      [90, "Aging"],
      [91, "Old"],
      [36_500, "Old"],
    ];
    for (const [days, band] of cases) expect(ageBand(days), String(days)).toBe(band);
    expect(AGE_BAND_NAMES).toEqual(["New", "Normal", "Aging", "Old"]);
    expect(AGE_BANDS.map((b) => [b.min, b.max])).toEqual([
      [0, 30],
      [31, 60],
      [61, 90],
      [91, Number.POSITIVE_INFINITY],
    ]);
  });

  it("an age no band holds (not a number) counts as Old", () => {
    expect(ageBand(Number.NaN)).toBe("Old");
  });
});

describe("calendar arithmetic", () => {
  it("adds days across month, leap-day and year ends", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-02-29", 1)).toBe("2024-03-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2024-03-05", -29)).toBe("2024-02-05");
    expect(addDays("2024-03-05", 0)).toBe("2024-03-05");
  });

  it("counts whole days between two dates, negative backwards, and undoes addDays", () => {
    expect(daysBetween("2024-01-01", "2024-03-01")).toBe(60);
    expect(daysBetween("2024-03-01", "2024-01-01")).toBe(-60);
    expect(daysBetween("2023-03-26", "2023-03-27")).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: -4000, max: 4000 }), (days) => {
        expect(daysBetween("2024-03-05", addDays("2024-03-05", days))).toBe(days);
      }),
    );
  });
});

describe("report figures", () => {
  it("sums yards exactly in hundredths", () => {
    expect(sumYards([0.1, 0.2])).toBe(0.3);
    expect(sumYards([1598.3, -0.3, 2])).toBe(1600);
    expect(sumYards([])).toBe(0);
    expect(sumYards(new Set([12.25, 0.75]))).toBe(13);
  });

  it("has the dashboard's windows and the stock status groupings", () => {
    expect(RECENT_ACTIVITY_DAYS).toBe(7);
    expect(DAILY_MOVEMENT_DAYS).toBe(30);
    expect(STOCK_GROUP_BYS).toEqual(["type", "color", "batch", "warehouse"]);
    expect(STOCK_GROUP_LABELS).toEqual({
      type: "Type",
      color: "Color",
      batch: "Batch",
      warehouse: "Warehouse",
    });
  });

  it("names a stock row by material, batch and warehouse", () => {
    expect(stockKey({ materialId: 3, batch: "B-1", warehouseId: 2 })).toBe("3:B-1:2");
  });
});

describe("response shapes (documentation of the answers)", () => {
  const stockRow = {
    id: "3:B-1:2",
    materialId: 3,
    typeName: "Cotton",
    colorName: "Navy",
    batch: "B-1",
    warehouseId: 2,
    warehouseName: "Main",
    availableYards: 0,
    thresholdYards: null,
    isLowStock: true,
    lastUpdated: "2024-03-05T08:00:00.000Z",
    onOrderYards: 0,
  };

  it("keep every field of the dashboard and of each report's rows", () => {
    const dashboard = {
      today: "2024-03-05",
      totalMaterials: 4,
      totalStock: 1598.3,
      lowStockCount: 1,
      recentTransactionsCount: 9,
      stockByWarehouse: [{ warehouseId: 2, warehouseName: "Main", totalYards: 1598.3 }],
      dailyMovement: [{ date: "2024-03-05", inYards: 10, outYards: 2.5 }],
      setup: { warehouses: true, suppliers: false, materials: true, transactions: false },
    };
    expect(DashboardSchema.parse(dashboard)).toEqual(dashboard);
    const held = { ...stockRow, reservedYards: 12 };
    expect(StockLevelSchema.parse(held)).toEqual(held);
    const low = { ...stockRow, thresholdYards: 50, status: "Out of Stock" };
    expect(LowStockRowSchema.parse(low)).toEqual(low);
    expect(LowStockRowSchema.safeParse({ ...low, status: "In Stock" }).success).toBe(false);
    const group = { group: "Cotton", totalAvailableYards: 12.5, items: 3 };
    expect(StockStatusGroupSchema.parse(group)).toEqual(group);
    const aging = {
      materialId: 3,
      typeName: "Cotton",
      colorName: "Navy",
      batch: "B-1",
      firstReceived: "2024-01-01",
      ageInDays: 64,
      availableYards: 12.5,
      status: "Aging",
    };
    expect(AgingRowSchema.parse(aging)).toEqual(aging);
    expect(AgingRowSchema.safeParse({ ...aging, status: "Ancient" }).success).toBe(false);
    const summary = { New: 1, Normal: 2, Aging: 3, Old: 4 };
    expect(AgingSummarySchema.parse(summary)).toEqual(summary);
  });

  it("document what the dashboard's daily in and out count", () => {
    expect(DailyMovementSchema.shape.date.description).toBe("yyyy-MM-dd");
    expect(DailyMovementSchema.shape.inYards.description).toContain("positive line changes");
    expect(DailyMovementSchema.shape.outYards.description).toContain("negative line changes");
    for (const field of ["inYards", "outYards"] as const) {
      expect(DailyMovementSchema.shape[field].description).toContain("transfers excluded");
    }
  });
});
