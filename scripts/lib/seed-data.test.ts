import { describe, expect, it } from "vitest";
import { ageBand } from "../../src/domain/aging";
import { nameKey } from "../../src/domain/common";
import { averageUnitCostE4, valueChangeE4, valueE4 } from "../../src/domain/money";
import { rollStatusOf } from "../../src/domain/roll";
import { KIND_INFO, reasonCodesFor, TRANSACTION_KINDS } from "../../src/domain/transaction-kinds";
import { COLOR_CODES, millAt } from "./seed-catalog";
import {
  addIsoDays,
  catalogMaterials,
  generateSeed,
  REMNANT_BELOW_CENTI,
  ROLL_YARDS,
  SCALES,
  type SeedData,
  type SeedLine,
} from "./seed-data";

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
      // A count's previous and counted are its roll's (replayRolls); only an exact count is a line of 0.
      if (t.kind === "stock-opname") {
        if (l.countedCenti !== (l.previousCenti ?? Number.NaN) + l.centi)
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

interface ReplayedRoll {
  materialIndex: number;
  batch: string;
  warehouseIndex: number;
  length: number;
  firstReceived: string;
  index: number;
  value: number;
}

/**
 * Replays the plan roll by roll, from the lines alone, with the posting's rules (CONTRACT.md
 * section 8, posting/allocate-rolls.ts): which rolls an item may take (shortest first, then
 * earliest received, then lowest id; all but the last taken whole), what a new roll must carry, and
 * each line's value change. Answers the rolls as the lines leave them, and what broke a rule.
 */
function replayRolls(data: SeedData) {
  const rolls = new Map<number, ReplayedRoll>();
  const problems: string[] = [];
  const keyOf = (x: { materialIndex: number; batch: string; warehouseIndex: number }) =>
    `${x.materialIndex}|${x.batch}|${x.warehouseIndex}`;
  const order = (a: ReplayedRoll, b: ReplayedRoll) =>
    a.length - b.length ||
    (a.firstReceived < b.firstReceived ? -1 : a.firstReceived > b.firstReceived ? 1 : 0) ||
    a.index - b.index;
  const liveOf = (key: string) =>
    [...rolls.values()].filter((r) => r.length > 0 && keyOf(r) === key).sort(order);
  for (const [ti, t] of data.transactions.entries()) {
    const items = new Map<number, SeedLine[]>();
    for (const l of t.lines) items.set(l.item, [...(items.get(l.item) ?? []), l]);
    if (items.size !== t.itemsCount)
      problems.push(`${t.number}: ${items.size} items, itemsCount ${t.itemsCount}`);
    for (const lines of items.values()) {
      const first = lines[0] as SeedLine;
      // The rolls an item takes from, in the order it must take them (before the item).
      const taking =
        t.kind === "receive" || (t.kind === "stock-opname" && first.centi > 0) ? [] : liveOf(keyOf(first));
      const takes = lines.filter((l) => l.centi < 0 || (t.kind === "stock-opname" && l.centi === 0));
      for (const [n, l] of takes.entries()) {
        const expected = taking[n];
        if (!expected || expected.index !== l.rollIndex) {
          problems.push(
            `${t.number}: item ${l.item} takes roll ${l.rollIndex}, not ${expected?.index} (shortest first)`,
          );
          break;
        }
        if (n < takes.length - 1 && -l.centi !== expected.length)
          problems.push(`${t.number}: roll ${l.rollIndex} cut although a longer one follows`);
      }
      if (t.kind === "stock-opname" && first.centi === 0 && lines.length !== 1)
        problems.push(`${t.number}: an exact count is one line`);
      for (const l of lines) {
        const seed = data.rolls[l.rollIndex];
        if (!seed) {
          problems.push(`${t.number}: line names no roll (${l.rollIndex})`);
          continue;
        }
        let roll = rolls.get(l.rollIndex);
        if (!roll) {
          // A new roll: its first line makes it, in this transaction.
          if (seed.createdTransactionIndex !== ti || l.centi <= 0 || seed.receivedCenti !== l.centi)
            problems.push(`${t.number}: roll ${l.rollIndex} appears without being made here`);
          if (
            seed.firstReceived !==
            (seed.parentIndex === null ? t.date : data.rolls[seed.parentIndex]?.firstReceived)
          )
            problems.push(`${t.number}: roll ${l.rollIndex} first received ${seed.firstReceived}`);
          if (t.kind === "receive") {
            if (l.centi < ROLL_YARDS[0] * 100 || l.centi > ROLL_YARDS[1] * 100)
              problems.push(`${t.number}: received roll of ${l.centi / 100} yards`);
            if (seed.supplierIndex !== t.supplierIndex || seed.parentIndex !== null)
              problems.push(`${t.number}: received roll ${l.rollIndex} without its supplier`);
            if (
              seed.ticketCenti !== null &&
              (seed.ticketCenti < l.centi || seed.ticketCenti > l.centi * 1.02)
            )
              problems.push(`${t.number}: ticket ${seed.ticketCenti} for ${l.centi}`);
          } else if (t.kind === "transfer") {
            const parent = seed.parentIndex === null ? undefined : data.rolls[seed.parentIndex];
            if (!parent || parent.unitCostE4 !== seed.unitCostE4 || parent.widthCenti !== seed.widthCenti)
              problems.push(`${t.number}: cut piece ${l.rollIndex} without its parent's cost and width`);
            if (seed.supplierIndex !== null || seed.ticketCenti !== null || seed.bin !== null)
              problems.push(`${t.number}: cut piece ${l.rollIndex} with a supplier, ticket or bin`);
          } else if (t.kind === "stock-opname") {
            const batchRolls = [...rolls.values()]
              .filter((r) => r.materialIndex === l.materialIndex && r.batch === l.batch)
              .map((r) => ({ lengthCenti: r.length, unitCostE4: data.rolls[r.index]?.unitCostE4 ?? -1 }));
            if (seed.unitCostE4 !== averageUnitCostE4(batchRolls))
              problems.push(`${t.number}: surplus roll ${l.rollIndex} not at its batch's average cost`);
            if (l.previousCenti !== 0 || l.countedCenti !== l.centi)
              problems.push(`${t.number}: surplus line previous/counted`);
          } else problems.push(`${t.number}: a ${t.kind} made roll ${l.rollIndex}`);
          roll = {
            materialIndex: seed.materialIndex,
            batch: seed.batch,
            warehouseIndex: l.warehouseIndex,
            length: 0,
            firstReceived: seed.firstReceived,
            index: l.rollIndex,
            value: 0,
          };
          rolls.set(l.rollIndex, roll);
        } else if (roll.warehouseIndex !== l.warehouseIndex) {
          // Only a roll just taken whole by a transfer arrives elsewhere, with the same yards.
          const taken = lines.find((x) => x.rollIndex === l.rollIndex && x.centi === -l.centi);
          if (t.kind !== "transfer" || roll.length !== 0 || !taken || l.warehouseIndex !== t.destinationIndex)
            problems.push(`${t.number}: roll ${l.rollIndex} changed in another warehouse`);
          roll.warehouseIndex = l.warehouseIndex;
        }
        if (roll.materialIndex !== l.materialIndex || roll.batch !== l.batch)
          problems.push(`${t.number}: line and roll ${l.rollIndex} differ in material or batch`);
        const before = roll.length;
        roll.length += l.centi;
        if (roll.length < 0) problems.push(`${t.number}: roll ${l.rollIndex} below 0`);
        if (t.kind === "stock-opname" && (l.previousCenti !== before || l.countedCenti !== roll.length))
          problems.push(`${t.number}: count line previous/counted are not the roll's`);
        if (l.valueChangeE4 !== valueChangeE4(before, roll.length, seed.unitCostE4))
          problems.push(`${t.number}: value change of roll ${l.rollIndex}`);
        roll.value += l.valueChangeE4;
      }
    }
  }
  return { rolls, problems };
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

  it.each(TODAYS)(
    "is roll by roll: every line names a roll, the replay follows the posting's rules (%s)",
    (today) => {
      const data = plan(today);
      const { rolls, problems } = replayRolls(data);
      expect(problems.slice(0, 10)).toEqual([]);
      // Every roll the plan lists is made by a line, and stands where and as long as its lines leave it.
      expect(rolls.size).toBe(data.rolls.length);
      const sums = new Map<string, number>();
      for (const [i, r] of data.rolls.entries()) {
        const replayed = rolls.get(i);
        expect(replayed?.length, `roll ${i}`).toBe(r.lengthCenti);
        expect(replayed?.warehouseIndex, `roll ${i}`).toBe(r.warehouseIndex);
        expect(r.lengthCenti).toBeGreaterThanOrEqual(0);
        // value now = value at the opening (0) + its lines' value changes
        expect(replayed?.value, `roll ${i}`).toBe(valueE4(r.lengthCenti, r.unitCostE4));
        const k = `${r.materialIndex}|${r.batch}|${r.warehouseIndex}`;
        sums.set(k, (sums.get(k) ?? 0) + r.lengthCenti);
      }
      // Each balance is the sum of its rolls.
      for (const b of data.balances)
        expect(sums.get(`${b.materialIndex}|${b.batch}|${b.warehouseIndex}`) ?? 0).toBe(b.centi);
      for (const [k, centi] of sums)
        if (centi > 0)
          expect(data.balances.some((b) => `${b.materialIndex}|${b.batch}|${b.warehouseIndex}` === k)).toBe(
            true,
          );
    },
  );

  it("makes realistic rolls: 15-120 yards, tickets from a third of the mills, widths, bins, costs", () => {
    const data = plan(TODAYS[0] as string);
    const received = data.rolls.filter((r) => r.supplierIndex !== null);
    expect(received.length).toBeGreaterThan(data.rolls.length * 0.9);
    for (const r of received) {
      expect(r.receivedCenti).toBeGreaterThanOrEqual(ROLL_YARDS[0] * 100);
      expect(r.receivedCenti).toBeLessThanOrEqual(ROLL_YARDS[1] * 100);
      expect(r.unitCostE4).toBeGreaterThan(0);
    }
    const ticketMills = new Set(received.filter((r) => r.ticketCenti !== null).map((r) => r.supplierIndex));
    expect(ticketMills.size).toBeGreaterThanOrEqual(1);
    expect(ticketMills.size).toBeLessThan(data.suppliers.length);
    // A mill tickets all its rolls or none.
    for (const r of received) expect(r.ticketCenti !== null).toBe(ticketMills.has(r.supplierIndex));
    expect(received.some((r) => r.ticketCenti !== null && r.ticketCenti > r.receivedCenti)).toBe(true);
    expect(received.some((r) => r.widthCenti !== null)).toBe(true);
    expect(received.some((r) => r.widthCenti === null)).toBe(true);
    for (const r of data.rolls)
      if (r.widthCenti !== null) expect([4400, 5400, 5800, 6000]).toContain(r.widthCenti);
    expect(received.some((r) => r.bin !== null && /^[A-Z]-\d{2}-\d$/.test(r.bin))).toBe(true);
    // Cut pieces, count surpluses, and rolls in every status.
    expect(data.rolls.some((r) => r.parentIndex !== null)).toBe(true);
    expect(data.rolls.some((r) => r.parentIndex === null && r.supplierIndex === null)).toBe(true);
    const statuses = new Set(data.rolls.map((r) => rollStatusOf(r.lengthCenti, REMNANT_BELOW_CENTI)));
    expect([...statuses].sort()).toEqual(["In Stock", "Remnant", "Used Up"]);
    // Items that span several rolls, and receipts of several rolls.
    expect(
      data.transactions.some((t) => t.kind === "production-usage" && t.lines.length > t.itemsCount),
    ).toBe(true);
    expect(data.transactions.some((t) => t.kind === "receive" && t.lines.length > t.itemsCount)).toBe(true);
    // Each material's cost is its own; receipts vary it by at most 10%.
    for (const r of received) {
      const base = data.materialCostsE4[r.materialIndex] as number;
      expect(Math.abs(r.unitCostE4 - base)).toBeLessThanOrEqual(Math.ceil(base * 0.1));
    }
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
      // One item per key (a transfer's item: per source key); an item's lines share its material and batch.
      const items = new Map<number, Set<string>>();
      for (const l of t.lines)
        items.set(l.item, (items.get(l.item) ?? new Set()).add(`${l.materialIndex}|${l.batch}`));
      expect([...items.values()].every((keys) => keys.size === 1)).toBe(true);
      const keys = [...items.keys()].map((item) => {
        const l = t.lines.find((x) => x.item === item) as SeedLine;
        return `${l.materialIndex}|${l.batch}|${l.warehouseIndex}`;
      });
      expect(new Set(keys).size).toBe(keys.length);
      expect(t.itemsCount).toBe(items.size);
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
