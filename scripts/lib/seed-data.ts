/**
 * Deterministic generator of a fabric store's history up to "today": master data (fabric types in
 * their colours, dye lots, mills, warehouses), then every day's transactions in date order,
 * simulated against running balances so that no balance ever goes below zero, exactly as posting
 * them one by one would require. The seed inserts the result in bulk; `npm run check` proves the
 * balances equal the ledger. Pure: the same scale, day and seed give the same data.
 *
 * Shape of a history (what the screens show on the seed's day):
 * - Every batch (dye lot) of a material comes from one mill. The first lot of each material is
 *   the opening stock (received from the first days on); the later lots arrive one by one, spread
 *   evenly over the rest of the period, so the aging bands New / Normal / Aging / Old all hold
 *   lots with stock.
 * - Every day, today included, has a production usage and a receipt (the dashboard's 30-day chart
 *   shows yards in and out every day), then a weekday-weighted share of the line budget: transfers,
 *   waste with its reason, returns to the lot's mill, cycle counts (stock opname).
 * - Today's last postings take a few thresholded materials below their reorder point and use up a
 *   few thresholded lots, so the Low Stock report has low and out-of-stock rows.
 *
 * Rolls (CONTRACT.md section 8, decision 007): the history is roll by roll, as the posting makes it
 * (posting/allocate-rolls.ts). A receive item is several rolls of 15-120 yards, one line each (a
 * ticket 0-2% above the measured length from a third of the mills, a width for most materials, a
 * bin on some); usage, waste, returns and count shortfalls take from the key's rolls shortest first,
 * then earliest received, then lowest id, one line per roll touched; a transfer moves a roll taken
 * whole and cuts a part off into a new roll at the destination; a count's surplus is a new roll.
 * Value (CONTRACT.md section 11): each material has a base cost per yard, each receive item varies
 * it by up to 10%; a cut piece keeps its parent's cost, a count's surplus takes its batch's average;
 * every line carries its roll's value change (domain/money.ts).
 */
import { allocationOrder } from "../../src/domain/allocation-order";
import { averageUnitCostE4, valueChangeE4 } from "../../src/domain/money";
import { formatTransactionNumber } from "../../src/domain/transaction";
import {
  KIND_INFO,
  RETURN_REASONS,
  type TransactionKind,
  WASTE_REASONS,
} from "../../src/domain/transaction-kinds";
import { COLOR_CODES, FAMILIES, millAt, SHARED_PALETTE, type Trade, WAREHOUSES } from "./seed-catalog";

export interface SeedScale {
  /** Yards of one item of a receipt (made of rolls of 15-120 yards) and of a production usage: [min, max]. */
  receiveYards: [number, number];
  usageYards: [number, number];
  /** Items of a day-to-day receipt, at most (the same mill's lots in that warehouse). */
  receiveItems: number;
  /** Yards of a new lot's first delivery to its main warehouse (a third of it to the others): [min, max]. */
  newLotYards: [number, number];
  /** Share of the day's further postings that are receipts (production usage up to 0.77, then the rest). */
  receiveShare: number;
  /** Share of receipts that start with the warehouse's oldest entry on its reorder list. */
  reorderShare: number;
  warehouses: number;
  suppliers: number;
  materials: number;
  /** Colours per material type: the catalogue has materials / colorsPerType types. */
  colorsPerType: number;
  batchesPerMaterial: number;
  warehousesPerBatch: number;
  /** Ledger lines over the whole period (the daily budgets add up to it, give or take a line). */
  targetLines: number;
  /** Days of history, today included. */
  days: number;
  /** Share of materials with a type+color threshold; every third of them has a batch threshold too. */
  thresholdShare: number;
  /** The reorder points drawn (yards): per material and warehouse, and per lot. */
  thresholdYards: { material: readonly number[]; batch: readonly number[] };
  /** Share of the cuts larger than what a key holds that take what it holds (the others skip it). */
  finishShare: number;
  /**
   * Shares of the type+color thresholds whose material runs low in one warehouse, and of the batch
   * thresholds whose lot runs out in one warehouse, over the last days (holdShortages).
   */
  lowShare: number;
  outShare: number;
}

export const SCALES: Record<"small" | "large", SeedScale> = {
  small: {
    // Receipts and cutting about in balance: the 30-day chart shows both.
    receiveYards: [50, 250],
    usageYards: [10, 150],
    receiveItems: 3,
    newLotYards: [300, 1_200],
    receiveShare: 0.25,
    reorderShare: 0.5,
    warehouses: 3,
    suppliers: 6,
    materials: 30,
    colorsPerType: 3,
    batchesPerMaterial: 3,
    warehousesPerBatch: 2,
    targetLines: 6_000,
    days: 180,
    thresholdShare: 0.3,
    thresholdYards: { material: [20, 30, 50, 75, 100, 150, 200], batch: [10, 20, 25, 30, 40, 50, 75, 100] },
    finishShare: 1,
    lowShare: 0.5,
    outShare: 0.67,
  },
  // The bench's scale (docs/performance.md): keep its size and shape comparable.
  large: {
    // Smaller cuts over 53,000 stock rows keep nearly all of them stocked, as before.
    receiveYards: [40, 240],
    usageYards: [3, 45],
    receiveItems: 5,
    newLotYards: [240, 900],
    receiveShare: 0.11,
    reorderShare: 0.9,
    warehouses: 20,
    suppliers: 200,
    materials: 5_000,
    colorsPerType: 25,
    batchesPerMaterial: 2,
    warehousesPerBatch: 5,
    targetLines: 1_000_000,
    days: 3 * 365,
    thresholdShare: 0.1,
    // A reorder point of a roll or two: a store's stock is a few rolls per lot and warehouse.
    thresholdYards: { material: [15, 20, 25, 30, 40, 50, 60], batch: [10, 15, 20, 25, 30] },
    finishShare: 0.2,
    lowShare: 0.06,
    outShare: 0.1,
  },
};

/** mulberry32: small, fast, and the same sequence on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Rnd = ReturnType<typeof prng>;

export interface SeedMaterial {
  typeName: string;
  colorName: string;
  colorCode: string;
}
export interface SeedBatch {
  materialIndex: number;
  code: string;
  supplierIndex: number;
  /** Day (0 = first day of the history) the lot is first received; 0 for the opening lots. */
  introDay: number;
}
export interface SeedLine {
  /** The item of its transaction the line belongs to (an item may touch several rolls). */
  item: number;
  materialIndex: number;
  batch: string;
  warehouseIndex: number;
  centi: number;
  previousCenti: number | null;
  countedCenti: number | null;
  /** Index of the roll it changes in SeedData.rolls (its id is the index + 1). */
  rollIndex: number;
  /** The roll's value after the line minus before (valueChangeE4 at the roll's unit cost). */
  valueChangeE4: number;
}
/** A roll as it stands today; made by a receive, a transfer's cut or a count's surplus. */
export interface SeedRoll {
  materialIndex: number;
  batch: string;
  /** Where it is today (a roll taken whole by a transfer moves). */
  warehouseIndex: number;
  lengthCenti: number;
  receivedCenti: number;
  ticketCenti: number | null;
  widthCenti: number | null;
  bin: string | null;
  parentIndex: number | null;
  supplierIndex: number | null;
  firstReceived: string;
  unitCostE4: number;
  /** Index of the transaction that made it, and of the last one that changed or moved it. */
  createdTransactionIndex: number;
  lastTransactionIndex: number;
}
export interface SeedTransaction {
  kind: TransactionKind;
  number: string;
  date: string;
  /** Minutes after local midnight it was posted (07:30-17:00, in posting order within the day). */
  minute: number;
  createdBy: "admin" | "clerk";
  supplierIndex: number | null;
  warehouseIndex: number | null;
  sourceIndex: number | null;
  destinationIndex: number | null;
  reasonCode: string | null;
  reference: string | null;
  notes: string | null;
  /** Items posted (detailsCount); lines may be more: one per roll touched. */
  itemsCount: number;
  lines: SeedLine[];
}
export interface SeedBalance {
  materialIndex: number;
  batch: string;
  warehouseIndex: number;
  centi: number;
  firstReceived: string | null;
  /** Date and index of the last transaction that touched the row. */
  lastUpdated: string;
  lastTransactionIndex: number;
}
export interface SeedData {
  today: string;
  warehouses: { name: string; location: string }[];
  suppliers: { name: string; contactInfo: string }[];
  materials: SeedMaterial[];
  batches: SeedBatch[];
  thresholds: { materialIndex: number; batch: string; yards: number }[];
  transactions: SeedTransaction[];
  balances: SeedBalance[];
  rolls: SeedRoll[];
  /** Each material's base cost per yard, in ten-thousandths (receipts vary it by up to 10%). */
  materialCostsE4: number[];
  sequences: { prefix: string; year: number; last: number }[];
  lineCount: number;
}

const DAY_MS = 86_400_000;

export function addIsoDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function pad(n: number, width: number) {
  return String(n).padStart(width, "0");
}

/** Quarter yards: what a clerk measures and types. */
function quarterCenti(rnd: Rnd, minYards: number, maxYards: number) {
  return rnd.int(minYards, maxYards) * 100 + rnd.int(0, 3) * 25;
}

/** The catalogue's first `count` materials: `colorsPerType` colours of each type, type by type. */
export function catalogMaterials(count: number, colorsPerType: number): SeedMaterial[] {
  const typeCount = Math.ceil(count / colorsPerType);
  const types: { name: string; palette: string[] }[] = [];
  // The plain name of every family first ("Denim"), then their constructions ("Denim 12oz").
  for (let s = 0; types.length < typeCount; s++) {
    for (const family of FAMILIES) {
      if (types.length >= typeCount) break;
      const spec = family.specs[s % family.specs.length] as string;
      const series = Math.floor(s / family.specs.length);
      const name = [family.name, spec, series > 0 ? `Series ${series + 1}` : ""].filter(Boolean).join(" ");
      const palette = [...new Set([...family.palette, ...SHARED_PALETTE])];
      types.push({ name, palette });
    }
  }
  const materials: SeedMaterial[] = [];
  for (const type of types) {
    for (const colorName of type.palette.slice(0, colorsPerType)) {
      if (materials.length >= count) break;
      materials.push({ typeName: type.name, colorName, colorCode: COLOR_CODES[colorName] as string });
    }
  }
  return materials;
}

function familyTrade(typeName: string): Trade {
  const family = FAMILIES.find((f) => typeName === f.name || typeName.startsWith(`${f.name} `));
  return family?.trade ?? "woven";
}

/** Dye-lot codes as mills print them, one style per mill: DL24-0193, L-2611-07, B2411-083, LOT-04471. */
function lotCoder(rnd: Rnd) {
  const counters = new Map<string, number>();
  const next = (key: string, start: () => number) => {
    const n = (counters.get(key) ?? start()) + 1;
    counters.set(key, n);
    return n;
  };
  return (supplierIndex: number, dyeDate: string) => {
    const yy = dyeDate.slice(2, 4);
    const mm = dyeDate.slice(5, 7);
    switch (supplierIndex % 4) {
      case 0:
        return `DL${yy}-${pad(
          next(`DL${yy}`, () => rnd.int(20, 300)),
          4,
        )}`;
      case 1:
        return `L-${yy}${mm}-${pad(
          next(`L${yy}${mm}`, () => rnd.int(0, 20)),
          2,
        )}`;
      case 2:
        return `B${yy}${mm}-${pad(
          next(`B${yy}${mm}`, () => rnd.int(10, 120)),
          3,
        )}`;
      default:
        return `LOT-${pad(
          next("LOT", () => rnd.int(1_000, 5_000)),
          5,
        )}`;
    }
  };
}

const WASTE_NOTES: Record<(typeof WASTE_REASONS)[number], readonly string[]> = {
  Damaged: ["Water damage near the loading bay", "Torn during unloading", "Forklift damage to the roll end"],
  Defective: ["Dye streaks across the width", "Weaving faults every few metres", "Holes found at inspection"],
  "Cutting Loss": ["Marker end pieces", "Short ends after the cutting order", "Spreading waste"],
  Obsolete: ["Discontinued colour", "Old season remnant"],
  Other: ["Sample cuts for a customer", "Lab dip and shrinkage test pieces"],
};
const RETURN_NOTES: Record<(typeof RETURN_REASONS)[number], readonly string[]> = {
  Defective: ["Shading out of tolerance", "Pilling after the wash test", "Width below specification"],
  "Wrong Item": ["Different construction than ordered", "Received the wrong weight"],
  "Color Mismatch": ["Lot does not match the approved lab dip", "Side-to-centre shading"],
  Excess: ["Over-delivery against the PO", "Order reduced by the customer"],
  Other: ["Returned by agreement with the mill"],
};
const TRANSFER_NOTES = [
  "Stock for the cutting line",
  "Rebalancing between stores",
  "Customer pick-up at the other store",
  "Sample room request",
];

interface Batch extends SeedBatch {
  opening: boolean;
  homes: number[];
}
interface Roll extends SeedRoll {
  index: number;
}
interface Key {
  batch: Batch;
  warehouseIndex: number;
  centi: number;
  firstReceived: string | null;
  lastTx: number;
  /** On its warehouse's reorder list (it ran low). */
  reorder: boolean;
  /** Its rolls with yards (used-up ones are dropped when the key is next read). */
  rolls: Roll[];
}

/** A material's remnant limit: the seed leaves every material at the default (migration 008). */
export const REMNANT_BELOW_CENTI = 300;

/** A received roll's length: 15-120 yards (CONTRACT.md section 8's realistic rolls). */
export const ROLL_YARDS: [number, number] = [15, 120];

/** Base cost per yard by fabric family (money units; a material's own is drawn in the range). */
const FAMILY_COSTS: Record<string, [number, number]> = {
  "Cotton Poplin": [2.5, 6],
  Denim: [4, 9],
  Linen: [6, 14],
  "Rayon Challis": [3, 7],
  "Polyester Chiffon": [2, 5],
  "Jersey Knit": [3, 7],
  Canvas: [4, 10],
  Satin: [12, 35],
  "Batik Cotton": [4, 10],
  Twill: [3, 8],
  Oxford: [3, 7],
  Velvet: [8, 20],
  Corduroy: [5, 11],
  Voile: [2.5, 6],
  Fleece: [4, 9],
  Organza: [3, 8],
  Taffeta: [4, 10],
  Crepe: [12, 35],
  Muslin: [1.5, 4],
  Seersucker: [4, 8],
};
const WIDTHS_INCHES = [44, 54, 58, 60] as const;

/** The posting's allocation order; a roll's index orders as its id will (id = index + 1). */
const byAllocationOrder = allocationOrder((r: Roll) => r.index);
/** Days before today from which the planned shortages get no more yards, and the days they show. */
const HOLD_DAYS = 30;
const DRAIN_DAYS = 7;
/** A row that falls below this many hundredths goes on its warehouse's reorder list. */
const REORDER_CENTI = 100_00;

export function generateSeed(scale: SeedScale, today: string, seed = 20241121): SeedData {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`today must be yyyy-MM-dd, not ${today}`);
  const rnd = prng(seed);
  const W = scale.warehouses;
  const warehouses = Array.from({ length: W }, (_, i) => {
    const w = WAREHOUSES[i % WAREHOUSES.length] as { name: string; location: string };
    const round = Math.floor(i / WAREHOUSES.length);
    return round === 0 ? { ...w } : { name: `${w.name} ${round + 1}`, location: w.location };
  });
  const mills = Array.from({ length: scale.suppliers }, (_, i) => millAt(i));
  const suppliers = mills.map((m) => ({
    name: m.name,
    contactInfo: `${m.contact} (Sales)\n${m.phone}\nsales@${m.domain}`,
  }));
  const millsByTrade = new Map<Trade, number[]>();
  for (const [i, m] of mills.entries()) {
    const list = millsByTrade.get(m.trade) ?? [];
    list.push(i);
    millsByTrade.set(m.trade, list);
  }
  const allMills = mills.map((_, i) => i);
  const materials = catalogMaterials(scale.materials, scale.colorsPerType);
  // Cost per yard (cents) and width (most materials; knits and some others are sold unmeasured).
  const materialCostsE4 = materials.map((m) => {
    const family = FAMILIES.find((f) => m.typeName === f.name || m.typeName.startsWith(`${f.name} `));
    const [low, high] = FAMILY_COSTS[family?.name ?? ""] ?? [3, 8];
    return Math.round((low + (high - low) * rnd.next()) * 100) * 100;
  });
  const materialWidths = materials.map(() => (rnd.next() < 0.7 ? rnd.pick(WIDTHS_INCHES) * 100 : null));
  // About a third of the mills print a ticket length on each roll.
  const ticketMills = mills.map((_, i) => i % 3 === 0);

  const start = addIsoDays(today, -(scale.days - 1));
  const dates = Array.from({ length: scale.days }, (_, d) => addIsoDays(start, d));

  // Lots: the first of each material is opening stock; the others arrive spread over the period.
  const batches: Batch[] = [];
  const batchesOfMaterial: Batch[][] = materials.map(() => []);
  for (const [m, material] of materials.entries()) {
    const tradeMills = millsByTrade.get(familyTrade(material.typeName)) ?? allMills;
    const primary = rnd.pick(tradeMills);
    for (let b = 0; b < scale.batchesPerMaterial; b++) {
      const homes = new Set<number>();
      while (homes.size < Math.min(scale.warehousesPerBatch, W)) homes.add(rnd.int(0, W - 1));
      const batch: Batch = {
        materialIndex: m,
        code: "",
        supplierIndex: b === 0 || rnd.next() < 0.75 ? primary : rnd.pick(tradeMills),
        introDay: 0,
        opening: b === 0,
        homes: [...homes],
      };
      batches.push(batch);
      batchesOfMaterial[m]?.push(batch);
    }
  }
  const later = batches.filter((b) => !b.opening);
  for (let i = later.length - 1; i > 0; i--) {
    const j = rnd.int(0, i);
    [later[i], later[j]] = [later[j] as Batch, later[i] as Batch];
  }
  const introFrom = Math.max(1, Math.round(scale.days * 0.05));
  const introSpan = scale.days - introFrom;
  for (const [k, batch] of later.entries())
    batch.introDay = Math.min(
      scale.days - 1,
      introFrom + Math.floor(((k + rnd.next()) * introSpan) / later.length),
    );
  // Codes carry the dye date (a few weeks before the lot arrives), numbered in dye order.
  const dyeDays = batches.map((b) => (b.opening ? -rnd.int(10, 150) : b.introDay - rnd.int(7, 35)));
  const lotCode = lotCoder(rnd);
  for (const i of batches.map((_, i) => i).sort((a, b) => (dyeDays[a] as number) - (dyeDays[b] as number))) {
    const batch = batches[i] as Batch;
    batch.code = lotCode(batch.supplierIndex, addIsoDays(start, dyeDays[i] as number));
  }
  const introsOn: Batch[][] = dates.map(() => []);
  for (const b of later) introsOn[b.introDay]?.push(b);

  // Stock keys: each lot lives in a few warehouses (its homes); transfers now and then add one.
  const keys = new Map<string, Key>();
  const keysByWarehouse: Key[][] = warehouses.map(() => []);
  const keysBySupplierWarehouse = new Map<number, Key[]>();
  const keysOfBatch = new Map<Batch, Key[]>();
  const keyId = (b: Batch, w: number) => `${b.materialIndex}|${b.code}|${w}`;
  const getKey = (batch: Batch, w: number): Key => {
    const id = keyId(batch, w);
    let key = keys.get(id);
    if (!key) {
      key = {
        batch,
        warehouseIndex: w,
        centi: 0,
        firstReceived: null,
        lastTx: -1,
        reorder: false,
        rolls: [],
      };
      keys.set(id, key);
      keysByWarehouse[w]?.push(key);
      const sw = batch.supplierIndex * W + w;
      const list = keysBySupplierWarehouse.get(sw) ?? [];
      list.push(key);
      keysBySupplierWarehouse.set(sw, list);
      const ofBatch = keysOfBatch.get(batch) ?? [];
      ofBatch.push(key);
      keysOfBatch.set(batch, ofBatch);
    }
    return key;
  };
  for (const batch of batches) for (const w of batch.homes) getKey(batch, w);

  // Thresholds: reorder points on a share of the materials, a lot minimum on every third.
  const order = materials.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rnd.int(0, i);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const materialThresholds: { materialIndex: number; batch: string; yards: number }[] = [];
  const batchThresholds: { materialIndex: number; batch: string; yards: number }[] = [];
  const thresholds: SeedData["thresholds"] = [];
  for (const [i, m] of order.slice(0, Math.round(scale.thresholdShare * materials.length)).entries()) {
    const t = { materialIndex: m, batch: "", yards: rnd.pick(scale.thresholdYards.material) };
    materialThresholds.push(t);
    thresholds.push(t);
    if (i % 3 === 0) {
      const opening = batchesOfMaterial[m]?.[0] as Batch;
      const bt = {
        materialIndex: m,
        batch: opening.code,
        yards: rnd.pick(scale.thresholdYards.batch),
      };
      batchThresholds.push(bt);
      thresholds.push(bt);
    }
  }

  const transactions: SeedTransaction[] = [];
  const sequences = new Map<string, number>();
  const referenceCounters = new Map<string, number>();
  let lineCount = 0;
  let day = 0;
  let date = start;

  const isActive = (key: Key) => key.batch.introDay <= day;
  const shortages: {
    materialIndex: number;
    warehouseIndex: number;
    key: Key | null;
    targetCenti: number;
    drainDay: number;
  }[] = [];
  const heldPairs = new Set<number>();
  const heldKeys = new Set<Key>();
  /** No yards reach it any more (a shortage in the making: holdShortages). */
  const held = (key: Key) =>
    heldKeys.has(key) || heldPairs.has(key.batch.materialIndex * W + key.warehouseIndex);
  /** Yards may arrive: a receipt or a transfer in. */
  const canReceive = (key: Key) => isActive(key) && !held(key);
  const rolls: Roll[] = [];
  const apply = (key: Key, delta: number) => {
    key.centi += delta;
    if (key.centi < 0) throw new Error(`seed bug: ${keyId(key.batch, key.warehouseIndex)} below zero`);
    if (delta > 0 && (key.firstReceived === null || date < key.firstReceived)) key.firstReceived = date;
    key.lastTx = transactions.length;
  };
  // Purchasing reorders what runs low: receipts often start with the oldest entry of the list.
  const reorders: Key[][] = warehouses.map(() => []);
  const noteLow = (key: Key) => {
    if (key.centi < REORDER_CENTI && !key.reorder) {
      key.reorder = true;
      reorders[key.warehouseIndex]?.push(key);
    }
  };
  /** The key's rolls with yards in allocation order (the posting's RollBook.ofKey). */
  const liveRolls = (key: Key): Roll[] => {
    key.rolls = key.rolls.filter((r) => r.lengthCenti > 0 && r.warehouseIndex === key.warehouseIndex);
    return key.rolls.sort(byAllocationOrder);
  };
  /** The lines and items of the transaction being made; each item's lines carry its index. */
  interface Tx {
    lines: SeedLine[];
    items: number;
  }
  /** One ledger line on `roll` in `key`'s warehouse; the roll's value moves from `before` to `after`. */
  const rollLine = (
    tx: Tx,
    key: Key,
    roll: Roll,
    centi: number,
    before: number,
    after: number,
    previous: number | null = null,
    counted: number | null = null,
  ) => {
    apply(key, centi);
    roll.lastTransactionIndex = transactions.length;
    tx.lines.push({
      item: tx.items - 1,
      materialIndex: key.batch.materialIndex,
      batch: key.batch.code,
      warehouseIndex: key.warehouseIndex,
      centi,
      previousCenti: previous,
      countedCenti: counted,
      rollIndex: roll.index,
      valueChangeE4: valueChangeE4(before, after, roll.unitCostE4),
    });
  };
  const newRoll = (
    key: Key,
    lengthCenti: number,
    fields: Partial<Pick<SeedRoll, "ticketCenti" | "widthCenti" | "bin" | "parentIndex" | "supplierIndex">> &
      Pick<SeedRoll, "unitCostE4" | "firstReceived">,
  ): Roll => {
    const roll: Roll = {
      index: rolls.length,
      materialIndex: key.batch.materialIndex,
      batch: key.batch.code,
      warehouseIndex: key.warehouseIndex,
      lengthCenti,
      receivedCenti: lengthCenti,
      ticketCenti: null,
      widthCenti: null,
      bin: null,
      parentIndex: null,
      supplierIndex: null,
      createdTransactionIndex: transactions.length,
      lastTransactionIndex: transactions.length,
      ...fields,
    };
    rolls.push(roll);
    key.rolls.push(roll);
    return roll;
  };
  /** A shelf as the stores label them: aisle, rack, level (A-03-2). */
  const binText = () =>
    `${String.fromCharCode(65 + rnd.int(0, 7))}-${pad(rnd.int(1, 24), 2)}-${rnd.int(1, 4)}`;
  /**
   * A receive item of about `approxCenti`: rolls of 15-120 yards as the mill ships them (bolts of
   * a similar length, now and then a short end), at the material's cost varied by up to 10%.
   */
  const receiveItem = (tx: Tx, key: Key, approxCenti: number, supplierIndex: number) => {
    tx.items += 1;
    const m = key.batch.materialIndex;
    const unitCostE4 = Math.round((materialCostsE4[m] as number) * (0.9 + 0.2 * rnd.next()));
    const bin = rnd.next() < 0.4 ? binText() : null;
    const widthCenti = materialWidths[m] ?? null;
    const nominal = rnd.int(50, 115) * 100;
    const [minRoll, maxRoll] = [ROLL_YARDS[0] * 100, ROLL_YARDS[1] * 100];
    let left = approxCenti;
    do {
      const centi =
        rnd.next() < 0.1
          ? rnd.int(minRoll, 40 * 100)
          : Math.max(minRoll, Math.min(maxRoll, Math.round(nominal * (0.85 + 0.2 * rnd.next()))));
      const ticketCenti = ticketMills[supplierIndex] ? centi + Math.floor(centi * 0.02 * rnd.next()) : null;
      const roll = newRoll(key, centi, {
        ticketCenti,
        widthCenti,
        bin,
        supplierIndex,
        unitCostE4,
        firstReceived: date,
      });
      rollLine(tx, key, roll, centi, 0, centi);
      left -= centi;
    } while (left > minRoll);
  };
  /** Takes `centi` from the key's rolls shortest first (usage, waste, return): one line per roll. */
  const takeItem = (tx: Tx, key: Key, centi: number) => {
    tx.items += 1;
    let need = centi;
    for (const roll of liveRolls(key)) {
      if (need === 0) break;
      const take = Math.min(need, roll.lengthCenti);
      const before = roll.lengthCenti;
      roll.lengthCenti -= take;
      rollLine(tx, key, roll, -take, before, roll.lengthCenti);
      need -= take;
    }
    if (need > 0) throw new Error(`seed bug: the rolls of ${keyId(key.batch, key.warehouseIndex)} are short`);
    noteLow(key);
  };
  /** A transfer item: a roll taken whole moves, a part is cut off into a new roll at `to`. */
  const moveItem = (tx: Tx, from: Key, to: Key, centi: number) => {
    tx.items += 1;
    let need = centi;
    for (const roll of liveRolls(from)) {
      if (need === 0) break;
      const take = Math.min(need, roll.lengthCenti);
      need -= take;
      const before = roll.lengthCenti;
      if (take === before) {
        rollLine(tx, from, roll, -take, before, 0);
        roll.warehouseIndex = to.warehouseIndex;
        roll.bin = null;
        // (It may still be listed there from an earlier stay: lists are pruned when read.)
        if (!to.rolls.includes(roll)) to.rolls.push(roll);
        rollLine(tx, to, roll, take, 0, before);
      } else {
        roll.lengthCenti -= take;
        rollLine(tx, from, roll, -take, before, roll.lengthCenti);
        const piece = newRoll(to, take, {
          widthCenti: roll.widthCenti,
          parentIndex: roll.index,
          unitCostE4: roll.unitCostE4,
          firstReceived: roll.firstReceived,
        });
        rollLine(tx, to, piece, take, 0, take);
      }
    }
    if (need > 0)
      throw new Error(`seed bug: the rolls of ${keyId(from.batch, from.warehouseIndex)} are short`);
    noteLow(from);
  };
  /**
   * A batch counted whole (posting/allocate-rolls.ts countWhole): a shortfall leaves its rolls
   * shortest first, a surplus is a new roll at the batch's average cost, an exact count is a line
   * of 0 naming the first roll in that order.
   */
  const countItem = (tx: Tx, key: Key, counted: number) => {
    tx.items += 1;
    const delta = counted - key.centi;
    const live = liveRolls(key);
    if (delta > 0) {
      const batchRolls = (keysOfBatch.get(key.batch) ?? []).flatMap((k) =>
        k.rolls.filter((r) => r.warehouseIndex === k.warehouseIndex),
      );
      const roll = newRoll(key, delta, {
        unitCostE4: averageUnitCostE4(batchRolls),
        firstReceived: date,
      });
      rollLine(tx, key, roll, delta, 0, delta, 0, delta);
      return;
    }
    if (delta === 0) {
      const first = live[0];
      if (!first) throw new Error(`seed bug: counted ${keyId(key.batch, key.warehouseIndex)} has no rolls`);
      rollLine(tx, key, first, 0, first.lengthCenti, first.lengthCenti, first.lengthCenti, first.lengthCenti);
      return;
    }
    let need = -delta;
    for (const roll of live) {
      if (need === 0) break;
      const take = Math.min(need, roll.lengthCenti);
      const before = roll.lengthCenti;
      roll.lengthCenti -= take;
      rollLine(tx, key, roll, -take, before, roll.lengthCenti, before, roll.lengthCenti);
      need -= take;
    }
    noteLow(key);
  };
  const nextReference = (prefix: string, period: string, width: number) => {
    const k = `${prefix}|${period}`;
    const n = (referenceCounters.get(k) ?? 0) + 1;
    referenceCounters.set(k, n);
    return `${prefix}-${period}-${pad(n, width)}`;
  };
  /** The header; `ref` numbers its reference document (PO-2026-00012) once it has lines. */
  type Header = Partial<
    Omit<SeedTransaction, "kind" | "number" | "date" | "minute" | "lines" | "reference" | "itemsCount">
  > & {
    ref?: [prefix: string, period: string, width: number];
  };
  const post = (kind: TransactionKind, { ref, ...header }: Header, makeLines: (tx: Tx) => void): number => {
    const tx: Tx = { lines: [], items: 0 };
    makeLines(tx);
    const lines = tx.lines;
    if (lines.length === 0) return 0;
    const prefix = KIND_INFO[kind].prefix;
    const year = Number(date.slice(0, 4));
    const seqKey = `${prefix}|${year}`;
    const seq = (sequences.get(seqKey) ?? 0) + 1;
    sequences.set(seqKey, seq);
    transactions.push({
      kind,
      number: formatTransactionNumber(kind, date, seq),
      date,
      minute: 0,
      createdBy: "clerk",
      supplierIndex: null,
      warehouseIndex: null,
      sourceIndex: null,
      destinationIndex: null,
      reasonCode: null,
      notes: null,
      ...header,
      reference: ref ? nextReference(...ref) : null,
      itemsCount: tx.items,
      lines,
    });
    lineCount += lines.length;
    return lines.length;
  };

  /** Up to `wanted` distinct keys of warehouse w with stock (random, a bounded number of tries). */
  const stocked = (pool: readonly Key[], wanted: number): Key[] => {
    const chosen = new Set<Key>();
    if (pool.length === 0) return [];
    for (let tries = 0; tries < wanted * 6 && chosen.size < wanted; tries++) {
      const key = rnd.pick(pool);
      if (key.centi > 0) chosen.add(key);
    }
    return [...chosen];
  };

  const receive = (w: number): number => {
    const pool = keysByWarehouse[w] ?? [];
    const toReorder = reorders[w] ?? [];
    let first: Key | undefined;
    if (toReorder.length > 0 && rnd.next() < scale.reorderShare) {
      const next = toReorder.shift() as Key;
      next.reorder = false;
      if (canReceive(next)) first = next;
    }
    for (let tries = 0; tries < 30 && !first; tries++) {
      const key = rnd.pick(pool);
      if (canReceive(key)) first = key;
    }
    if (!first) return 0;
    const s = first.batch.supplierIndex;
    const sameMill = keysBySupplierWarehouse.get(s * W + w) ?? [];
    const picked = new Set<Key>([first]);
    for (let tries = 0; tries < 20 && picked.size < scale.receiveItems; tries++) {
      const key = rnd.pick(sameMill);
      if (canReceive(key)) picked.add(key);
    }
    const year = date.slice(0, 4);
    return post("receive", { supplierIndex: s, warehouseIndex: w, ref: ["PO", year, 5] }, (tx) => {
      for (const key of picked) receiveItem(tx, key, quarterCenti(rnd, ...scale.receiveYards), s);
    });
  };
  const usage = (w: number): number => {
    const chosen = stocked(keysByWarehouse[w] ?? [], 5);
    const period = date.slice(2, 4) + date.slice(5, 7);
    return post("production-usage", { warehouseIndex: w, ref: ["WO", period, 3] }, (tx) => {
      for (const key of chosen) {
        // Mostly cut from lots that hold the order; now and then finish one.
        const want = quarterCenti(rnd, ...scale.usageYards);
        if (want <= key.centi || rnd.next() < scale.finishShare) takeItem(tx, key, Math.min(key.centi, want));
      }
    });
  };
  const waste = (w: number): number => {
    const chosen = stocked(keysByWarehouse[w] ?? [], 2);
    const reasonCode = rnd.pick(WASTE_REASONS);
    return post(
      "waste",
      { warehouseIndex: w, reasonCode, notes: rnd.pick(WASTE_NOTES[reasonCode]) },
      (tx) => {
        for (const key of chosen) takeItem(tx, key, Math.min(key.centi, quarterCenti(rnd, 1, 15)));
      },
    );
  };
  const returnToMill = (w: number): number => {
    const [first] = stocked(keysByWarehouse[w] ?? [], 1);
    if (!first) return 0;
    const s = first.batch.supplierIndex;
    const chosen = new Set([first, ...stocked(keysBySupplierWarehouse.get(s * W + w) ?? [], 1)]);
    const reasonCode = rnd.pick(RETURN_REASONS);
    const header: Header = {
      supplierIndex: s,
      warehouseIndex: w,
      reasonCode,
      ref: ["RTV", date.slice(0, 4), 4],
      notes: rnd.pick(RETURN_NOTES[reasonCode]),
      createdBy: rnd.next() < 0.5 ? "admin" : "clerk",
    };
    return post("return", header, (tx) => {
      for (const key of chosen) takeItem(tx, key, Math.min(key.centi, quarterCenti(rnd, 5, 120)));
    });
  };
  const transfer = (w: number): number => {
    if (W < 2) return 0;
    const chosen = stocked(keysByWarehouse[w] ?? [], 2);
    let d = rnd.int(0, W - 2);
    if (d >= w) d += 1;
    const header: Header = {
      sourceIndex: w,
      destinationIndex: d,
      ref: ["TO", date.slice(0, 4), 5],
      notes: rnd.next() < 0.5 ? rnd.pick(TRANSFER_NOTES) : null,
    };
    return post("transfer", header, (tx) => {
      for (const key of chosen) {
        // Mostly between the warehouses a lot already lives in, so stock rows stay near the
        // intended count; now and then a lot moves somewhere new.
        if (!keys.has(keyId(key.batch, d)) && rnd.next() < 0.9) continue;
        const there = keys.get(keyId(key.batch, d));
        if (heldPairs.has(key.batch.materialIndex * W + d) || (there && heldKeys.has(there))) continue;
        moveItem(tx, key, getKey(key.batch, d), Math.min(key.centi, quarterCenti(rnd, 10, 200)));
      }
    });
  };
  const opname = (w: number): number => {
    const chosen = stocked(keysByWarehouse[w] ?? [], 5);
    const header: Header = {
      warehouseIndex: w,
      notes: `Cycle count, rack ${String.fromCharCode(65 + rnd.int(0, 7))}${rnd.int(1, 12)}`,
      createdBy: rnd.next() < 0.5 ? "admin" : "clerk",
    };
    return post("stock-opname", header, (tx) => {
      for (const key of chosen) countItem(tx, key, Math.max(0, key.centi + rnd.int(-12, 4) * 25));
    });
  };
  /**
   * New lots arriving on this day: the mill delivers each to its warehouses (the largest share to
   * the first), one receipt per mill and warehouse.
   */
  const newLots = (arriving: readonly Batch[]): number => {
    const groups = new Map<number, { supplierIndex: number; w: number; keys: Key[] }>();
    for (const b of arriving) {
      // A held warehouse gets none of it, unless it is the lot's only one.
      const to = b.homes.filter((w) => !held(getKey(b, w)));
      for (const w of to.length > 0 ? to : b.homes) {
        const k = b.supplierIndex * W + w;
        const group = groups.get(k) ?? { supplierIndex: b.supplierIndex, w, keys: [] };
        group.keys.push(getKey(b, w));
        groups.set(k, group);
      }
    }
    let n = 0;
    for (const { supplierIndex, w, keys: group } of groups.values()) {
      const header: Header = {
        supplierIndex,
        warehouseIndex: w,
        ref: ["PO", date.slice(0, 4), 5],
        notes: group.length === 1 ? "New dye lot, shade approved" : "New dye lots, shades approved",
      };
      n += post("receive", header, (tx) => {
        for (const key of group)
          receiveItem(
            tx,
            key,
            key.batch.homes[0] === w
              ? quarterCenti(rnd, ...scale.newLotYards)
              : quarterCenti(rnd, scale.newLotYards[0] / 3, scale.newLotYards[1] / 3),
            supplierIndex,
          );
      });
    }
    return n;
  };

  // Weekdays are busy, Saturdays half, Sundays quiet; today is not over yet.
  const weights = dates.map((d, i) => {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    const w = weekday === 0 ? 0.35 : weekday === 6 ? 0.6 : 1;
    return i === dates.length - 1 ? w * 0.6 : w;
  });
  const weightFrom: number[] = [];
  for (let i = weights.length - 1, sum = 0; i >= 0; i--) {
    sum += weights[i] as number;
    weightFrom[i] = sum;
  }

  for (day = 0; day < scale.days; day++) {
    date = dates[day] as string;
    const firstOfDay = transactions.length;
    const budget = ((scale.targetLines - lineCount) * (weights[day] as number)) / (weightFrom[day] as number);
    let dayLines = newLots(introsOn[day] ?? []);
    // Every day: the cutting room uses fabric and a delivery comes in.
    dayLines += usage(rnd.int(0, W - 1));
    dayLines += receive(rnd.int(0, W - 1));
    for (let idle = 0; dayLines < budget && idle < 50; ) {
      const w = rnd.int(0, W - 1);
      const roll = rnd.next();
      const n =
        roll < scale.receiveShare
          ? receive(w)
          : roll < 0.77
            ? usage(w)
            : roll < 0.87
              ? transfer(w)
              : roll < 0.93
                ? waste(w)
                : roll < 0.96
                  ? returnToMill(w)
                  : opname(w);
      dayLines += n;
      idle = n === 0 ? idle + 1 : 0;
    }
    if (day === scale.days - HOLD_DAYS) holdShortages();
    if (day >= scale.days - DRAIN_DAYS) drainShortages();
    const count = transactions.length - firstOfDay;
    for (let i = 0; i < count; i++) {
      const t = transactions[firstOfDay + i] as SeedTransaction;
      t.minute = 450 + Math.floor(((i + 0.5) * 570) / count);
      if (t.kind !== "return" && t.kind !== "stock-opname" && rnd.next() < 0.1) t.createdBy = "admin";
    }
  }

  /**
   * Reorders that did not come: from HOLD_DAYS before today no more yards reach a few materials
   * with a reorder point (in one warehouse each) and a few lots with a batch threshold (in one
   * warehouse each); cutting orders of the last DRAIN_DAYS days take the materials below their
   * threshold and use the lots up, so the Low Stock report has low and out-of-stock rows.
   */
  function holdShortages() {
    const lowCount = Math.ceil(materialThresholds.length * scale.lowShare);
    for (const [i, t] of materialThresholds.slice(0, lowCount).entries()) {
      const own = (batchesOfMaterial[t.materialIndex] ?? []).flatMap((b) => keysOfBatch.get(b) ?? []);
      const stockedIn = [...new Set(own.filter((k) => k.centi > 0).map((k) => k.warehouseIndex))];
      if (stockedIn.length === 0) continue;
      const w = rnd.pick(stockedIn);
      heldPairs.add(t.materialIndex * W + w);
      shortages.push({
        materialIndex: t.materialIndex,
        warehouseIndex: w,
        key: null,
        targetCenti: Math.max(25, Math.round(t.yards * (0.25 + 0.6 * rnd.next()) * 4) * 25),
        drainDay: scale.days - 1 - (i % DRAIN_DAYS),
      });
    }
    const outCount = Math.ceil(batchThresholds.length * scale.outShare);
    for (const [i, t] of batchThresholds.slice(0, outCount).entries()) {
      const batch = batchesOfMaterial[t.materialIndex]?.find((b) => b.code === t.batch) as Batch;
      const withStock = (keysOfBatch.get(batch) ?? []).filter((k) => k.centi > 0 && !held(k));
      if (withStock.length === 0) continue;
      const key = rnd.pick(withStock);
      heldKeys.add(key);
      shortages.push({
        materialIndex: t.materialIndex,
        warehouseIndex: key.warehouseIndex,
        key,
        targetCenti: 0,
        drainDay: scale.days - 1 - (i % DRAIN_DAYS),
      });
    }
  }
  function drainShortages() {
    const pending = new Map<Key, number>();
    const available = (k: Key) => k.centi - (pending.get(k) ?? 0);
    for (const s of shortages) {
      if (s.drainDay !== day) continue;
      const inWarehouse = (
        s.key
          ? [s.key]
          : (batchesOfMaterial[s.materialIndex] ?? []).flatMap((b) =>
              (keysOfBatch.get(b) ?? []).filter((k) => k.warehouseIndex === s.warehouseIndex),
            )
      ).sort((a, b) => available(b) - available(a));
      let need = inWarehouse.reduce((sum, k) => sum + available(k), 0) - s.targetCenti;
      for (const k of inWarehouse) {
        if (need <= 0) break;
        const c = Math.min(available(k), need);
        if (c > 0) pending.set(k, (pending.get(k) ?? 0) + c);
        need -= c;
      }
    }
    const byWarehouse = new Map<number, Key[]>();
    for (const k of pending.keys())
      byWarehouse.set(k.warehouseIndex, [...(byWarehouse.get(k.warehouseIndex) ?? []), k]);
    for (const [w, list] of [...byWarehouse].sort((a, b) => a[0] - b[0])) {
      const period = date.slice(2, 4) + date.slice(5, 7);
      post("production-usage", { warehouseIndex: w, ref: ["WO", period, 3] }, (tx) => {
        for (const k of list) takeItem(tx, k, pending.get(k) as number);
      });
    }
  }

  const balances: SeedBalance[] = [...keys.values()]
    .filter((k) => k.lastTx >= 0)
    .map((k) => ({
      materialIndex: k.batch.materialIndex,
      batch: k.batch.code,
      warehouseIndex: k.warehouseIndex,
      centi: k.centi,
      firstReceived: k.firstReceived,
      lastUpdated: (transactions[k.lastTx] as SeedTransaction).date,
      lastTransactionIndex: k.lastTx,
    }));
  return {
    today,
    warehouses,
    suppliers,
    materials,
    batches: batches.map(({ materialIndex, code, supplierIndex, introDay }) => ({
      materialIndex,
      code,
      supplierIndex,
      introDay,
    })),
    thresholds,
    transactions,
    balances,
    rolls,
    materialCostsE4,
    sequences: [...sequences].map(([k, last]) => {
      const [prefix, year] = k.split("|");
      return { prefix: prefix as string, year: Number(year), last };
    }),
    lineCount,
  };
}
