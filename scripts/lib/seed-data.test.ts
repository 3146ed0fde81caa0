import { describe, expect, it } from "vitest";
import { nameKey } from "../../src/domain/common";
import { KIND_INFO, reasonCodesFor, TRANSACTION_KINDS } from "../../src/domain/transaction-kinds";
import { COLOR_CODES, millAt } from "./seed-catalog";
import { addIsoDays, ageBand, catalogMaterials, generateSeed, SCALES, type SeedData } from "./seed-data";

// A Wednesday, a Sunday, and New Year's Day (the history spans two numbering years).
const TODAYS = ["2026-11-25", "2026-11-29", "2027-01-01"];
const plans = new Map<string, SeedData>(TODAYS.map((today) => [today, generateSeed(SCALES.small, today)]));
const plan = (today: string) => plans.get(today) as SeedData;
const daysBefore = (date: string, today: string) =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);

/** Replays the plan's transactions in order, as posting them one by one would. */
function replay(data: SeedData) {
  const balances = new Map<string, { centi: number; firstReceived: string | null; lastDate: string }>();
  const problems: string[] = [];
  for (const t of data.transactions) {
    for (const l of t.lines) {
      const id = `${l.materialIndex}|${l.batch}|${l.warehouseIndex}`;
      const b = balances.get(id) ?? { centi: 0, firstReceived: null, lastDate: "" };
      if (t.kind === "stock-opname") {
        if (l.previousCenti !== b.centi)
          problems.push(`${t.number}: previous ${l.previousCenti} is not ${b.centi}`);
        if (l.countedCenti !== b.centi + l.centi)
          problems.push(`${t.number}: counted is not previous + change`);
      } else if (l.centi === 0) problems.push(`${t.number}: a line of 0`);
      b.centi += l.centi;
      if (b.centi < 0) problems.push(`${t.number}: ${id} below zero`);
      if (l.centi > 0 && (b.firstReceived === null || t.date < b.firstReceived)) b.firstReceived = t.date;
      b.lastDate = t.date;
      balances.set(id, b);
    }
  }
  return { balances, problems };
}

describe("seed plan (small scale)", () => {
  it.each(TODAYS)(
    "runs up to today (%s): postings today and yesterday, in and out every day of the chart",
    (today) => {
      const data = plan(today);
      const dates = data.transactions.map((t) => t.date);
      expect(dates[0]).toBe(addIsoDays(today, -(SCALES.small.days - 1)));
      expect(dates.at(-1)).toBe(today);
      expect(dates.every((d, i) => d <= today && (i === 0 || (dates[i - 1] as string) <= d))).toBe(true);
      expect(dates.filter((d) => d === today).length).toBeGreaterThan(0);
      expect(dates.filter((d) => d === addIsoDays(today, -1)).length).toBeGreaterThan(0);
      // Recent Activity: the last 7 days, today included.
      expect(dates.filter((d) => daysBefore(d, today) < 7).length).toBeGreaterThanOrEqual(7);
      // The dashboard's 30-day chart (transfers left out): yards in and out on each day.
      for (let i = 0; i < 30; i++) {
        const day = addIsoDays(today, -i);
        const lines = data.transactions
          .filter((t) => t.date === day && t.kind !== "transfer")
          .flatMap((t) => t.lines);
        expect(
          lines.some((l) => l.centi > 0),
          `yards in on ${day}`,
        ).toBe(true);
        expect(
          lines.some((l) => l.centi < 0),
          `yards out on ${day}`,
        ).toBe(true);
      }
    },
  );

  it.each(TODAYS)("has lots with stock in every aging band (%s)", (today) => {
    const data = plan(today);
    const lots = new Map<string, { centi: number; firstReceived: string | null }>();
    for (const b of data.balances) {
      const id = `${b.materialIndex}|${b.batch}`;
      const lot = lots.get(id) ?? { centi: 0, firstReceived: null };
      lot.centi += b.centi;
      if (b.firstReceived && (lot.firstReceived === null || b.firstReceived < lot.firstReceived))
        lot.firstReceived = b.firstReceived;
      lots.set(id, lot);
    }
    const bands = { New: 0, Normal: 0, Aging: 0, Old: 0 };
    for (const lot of lots.values()) {
      if (lot.centi <= 0) continue;
      expect(lot.firstReceived).not.toBeNull();
      bands[ageBand(daysBefore(lot.firstReceived as string, today))] += 1;
    }
    expect(bands.New).toBeGreaterThanOrEqual(3);
    expect(bands.Normal).toBeGreaterThanOrEqual(3);
    expect(bands.Aging).toBeGreaterThanOrEqual(3);
    expect(bands.Old).toBeGreaterThanOrEqual(3);
  });

  it.each(TODAYS)("is a valid ledger: no balance below 0, balances equal the replay (%s)", (today) => {
    const data = plan(today);
    const { balances, problems } = replay(data);
    expect(problems).toEqual([]);
    expect(data.balances.length).toBe(balances.size);
    for (const b of data.balances) {
      const replayed = balances.get(`${b.materialIndex}|${b.batch}|${b.warehouseIndex}`);
      expect(replayed).toBeDefined();
      expect(b.centi).toBe(replayed?.centi);
      expect(b.centi).toBeGreaterThanOrEqual(0);
      expect(b.firstReceived).toBe(replayed?.firstReceived);
      expect(b.lastUpdated).toBe(replayed?.lastDate);
      expect(data.transactions[b.lastTransactionIndex]?.date).toBe(b.lastUpdated);
    }
    expect(data.lineCount).toBe(data.transactions.reduce((n, t) => n + t.lines.length, 0));
  });

  it.each(TODAYS)("numbers each prefix and year without gaps, in posting order (%s)", (today) => {
    const data = plan(today);
    const last = new Map<string, number>();
    for (const t of data.transactions) {
      const match = /^([A-Z]{3})-(\d{4})-(\d{5})$/.exec(t.number);
      expect(match, t.number).not.toBeNull();
      const [, prefix, year, seq] = match as RegExpExecArray;
      expect(prefix).toBe(KIND_INFO[t.kind].prefix);
      expect(year).toBe(t.date.slice(0, 4));
      const k = `${prefix}|${year}`;
      expect(Number(seq)).toBe((last.get(k) ?? 0) + 1);
      last.set(k, Number(seq));
    }
    expect(new Map(data.sequences.map((s) => [`${s.prefix}|${s.year}`, s.last]))).toEqual(last);
  });

  it("has every kind with the header fields the posting requires", () => {
    const data = plan(TODAYS[0] as string);
    const counts = Object.fromEntries(TRANSACTION_KINDS.map((k) => [k, 0]));
    const S = data.suppliers.length;
    const W = data.warehouses.length;
    const inRange = (i: number | null, n: number) => i !== null && i >= 0 && i < n;
    for (const t of data.transactions) {
      counts[t.kind] = (counts[t.kind] ?? 0) + 1;
      const reasons = reasonCodesFor(t.kind);
      if (reasons.length > 0) expect(reasons).toContain(t.reasonCode);
      else expect(t.reasonCode).toBeNull();
      if (t.kind === "receive" || t.kind === "return") expect(inRange(t.supplierIndex, S)).toBe(true);
      if (t.kind === "transfer") {
        expect(inRange(t.sourceIndex, W) && inRange(t.destinationIndex, W)).toBe(true);
        expect(t.sourceIndex).not.toBe(t.destinationIndex);
        expect(t.lines.length % 2).toBe(0);
        expect(t.lines.reduce((n, l) => n + l.centi, 0)).toBe(0);
      } else {
        expect(inRange(t.warehouseIndex, W)).toBe(true);
        expect(t.lines.every((l) => l.warehouseIndex === t.warehouseIndex)).toBe(true);
        const direction = KIND_INFO[t.kind].direction;
        if (direction === "in") expect(t.lines.every((l) => l.centi > 0)).toBe(true);
        if (direction === "out") expect(t.lines.every((l) => l.centi < 0)).toBe(true);
      }
      // A return goes back to the mill the lot came from.
      if (t.kind === "return" || t.kind === "receive")
        for (const l of t.lines)
          expect(
            data.batches.find((b) => b.materialIndex === l.materialIndex && b.code === l.batch)
              ?.supplierIndex,
          ).toBe(t.supplierIndex);
      const keys = t.lines.map((l) => `${l.materialIndex}|${l.batch}|${l.warehouseIndex}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(t.minute).toBeGreaterThanOrEqual(7 * 60);
      expect(t.minute).toBeLessThanOrEqual(17 * 60);
    }
    for (const kind of TRANSACTION_KINDS) expect(counts[kind], kind).toBeGreaterThanOrEqual(3);
  });

  it.each(TODAYS)("leaves low and out-of-stock rows against the thresholds (%s)", (today) => {
    const data = plan(today);
    let low = 0;
    let out = 0;
    for (const t of data.thresholds) {
      const rows = data.balances.filter(
        (b) => b.materialIndex === t.materialIndex && (!t.batch || b.batch === t.batch),
      );
      const perWarehouse = new Map<number, number>();
      for (const b of rows)
        perWarehouse.set(b.warehouseIndex, (perWarehouse.get(b.warehouseIndex) ?? 0) + b.centi);
      for (const centi of perWarehouse.values()) {
        if (centi === 0) out += 1;
        else if (centi <= t.yards * 100) low += 1;
      }
    }
    expect(low).toBeGreaterThanOrEqual(2);
    expect(out).toBeGreaterThanOrEqual(1);
    expect(data.thresholds.every((t) => Number.isInteger(t.yards) && t.yards >= 1)).toBe(true);
  });

  it("is deterministic for the same day", () => {
    expect(generateSeed(SCALES.small, "2026-11-25")).toEqual(plan("2026-11-25"));
  });

  it("names fabrics, colours, lots, mills and warehouses as a textile company would", () => {
    const data = plan(TODAYS[0] as string);
    const types = new Set(data.materials.map((m) => m.typeName));
    expect(types.size).toBeGreaterThanOrEqual(8);
    expect(new Set(data.materials.map((m) => m.colorName)).size).toBeGreaterThanOrEqual(15);
    for (const type of ["Cotton Poplin", "Denim", "Linen", "Rayon Challis", "Batik Cotton"])
      expect(types).toContain(type);
    for (const lot of data.batches)
      expect(lot.code).toMatch(/^(DL\d{2}-\d{4}|L-\d{4}-\d{2,3}|B\d{4}-\d{3}|LOT-\d{5})$/);
    const lotKeys = data.batches.map((b) => `${b.materialIndex}|${b.code}`);
    expect(new Set(lotKeys).size).toBe(lotKeys.length);
    expect(new Set(data.warehouses.map((w) => nameKey(w.name))).size).toBe(data.warehouses.length);
    expect(
      data.suppliers.every((s) => /\+\d+ [\d ]+/.test(s.contactInfo) && s.contactInfo.includes("@")),
    ).toBe(true);
  });
});

describe("seed catalogue", () => {
  it.each(["small", "large"] as const)("%s: unique type+colour names with valid hex codes", (scale) => {
    const materials = catalogMaterials(SCALES[scale].materials, SCALES[scale].colorsPerType);
    expect(materials).toHaveLength(SCALES[scale].materials);
    const keys = materials.map((m) => `${nameKey(m.typeName)}|${nameKey(m.colorName)}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of materials) {
      expect(m.colorCode, m.colorName).toMatch(/^#[0-9A-F]{6}$/);
      expect(m.colorCode).toBe(COLOR_CODES[m.colorName]);
    }
    expect(materials.find((m) => m.colorName === "Navy")?.colorCode).toBe("#1F2A44");
  });

  it("keeps the large scale the bench measures (docs/performance.md)", () => {
    expect(SCALES.large).toMatchObject({
      warehouses: 20,
      suppliers: 200,
      materials: 5_000,
      batchesPerMaterial: 2,
      warehousesPerBatch: 5,
      targetLines: 1_000_000,
      days: 3 * 365,
      thresholdShare: 0.1,
    });
    // The bench filters the stock list by type=Denim.
    const large = catalogMaterials(5_000, SCALES.large.colorsPerType);
    expect(large.filter((m) => m.typeName === "Denim").length).toBeGreaterThanOrEqual(20);
    const mills = Array.from({ length: SCALES.large.suppliers }, (_, i) => nameKey(millAt(i).name));
    expect(new Set(mills).size).toBe(mills.length);
  });
});
