/**
 * Deterministic generator of a realistic store history: master data, then transactions in date
 * order, simulated against running balances so that no balance ever goes below zero, exactly as
 * posting them one by one would require. The seed inserts the result in bulk; `npm run check`
 * proves the balances equal the ledger.
 */
import {
  KIND_INFO,
  RETURN_REASONS,
  type TransactionKind,
  WASTE_REASONS,
} from "../../src/domain/transaction-kinds";

export interface SeedScale {
  warehouses: number;
  suppliers: number;
  materials: number;
  batchesPerMaterial: number;
  warehousesPerBatch: number;
  targetLines: number;
  days: number;
  thresholdShare: number;
}

export const SCALES: Record<"small" | "large", SeedScale> = {
  small: {
    warehouses: 3,
    suppliers: 6,
    materials: 24,
    batchesPerMaterial: 2,
    warehousesPerBatch: 2,
    targetLines: 1_500,
    days: 150,
    thresholdShare: 0.25,
  },
  large: {
    warehouses: 20,
    suppliers: 200,
    materials: 5_000,
    batchesPerMaterial: 2,
    warehousesPerBatch: 5,
    targetLines: 1_000_000,
    days: 3 * 365,
    thresholdShare: 0.1,
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

const FABRICS = [
  "Cotton Twill",
  "Denim",
  "Linen",
  "Silk Satin",
  "Polyester Crepe",
  "Rayon Challis",
  "Canvas",
  "Chiffon",
  "Jersey Knit",
  "Fleece",
  "Velvet",
  "Corduroy",
  "Batik Cotton",
  "Songket",
  "Oxford",
  "Poplin",
  "Drill",
  "Organza",
  "Taffeta",
  "Voile",
  "Muslin",
  "Tencel",
  "Spandex Blend",
  "Wool Gabardine",
  "Seersucker",
];
const COLORS = [
  "Navy",
  "Black",
  "White",
  "Ivory",
  "Red",
  "Maroon",
  "Forest Green",
  "Olive",
  "Sky Blue",
  "Royal Blue",
  "Grey",
  "Charcoal",
  "Beige",
  "Khaki",
  "Mustard",
  "Coral",
  "Pink",
  "Lavender",
  "Teal",
  "Brown",
];
const CITIES = [
  "Bandung",
  "Jakarta",
  "Surabaya",
  "Semarang",
  "Solo",
  "Pekalongan",
  "Cirebon",
  "Bekasi",
  "Tangerang",
  "Bogor",
];

export interface SeedMaterial {
  typeName: string;
  colorName: string;
  colorCode: string;
}
export interface SeedLine {
  materialIndex: number;
  batch: string;
  warehouseIndex: number;
  centi: number;
  previousCenti: number | null;
  countedCenti: number | null;
}
export interface SeedTransaction {
  kind: TransactionKind;
  number: string;
  date: string;
  supplierIndex: number | null;
  warehouseIndex: number | null;
  sourceIndex: number | null;
  destinationIndex: number | null;
  reasonCode: string | null;
  reference: string | null;
  lines: SeedLine[];
}
export interface SeedBalance {
  materialIndex: number;
  batch: string;
  warehouseIndex: number;
  centi: number;
  firstReceived: string | null;
  lastUpdated: string;
}
export interface SeedData {
  warehouses: { name: string; location: string }[];
  suppliers: { name: string; contactInfo: string }[];
  materials: SeedMaterial[];
  thresholds: { materialIndex: number; batch: string; yards: number }[];
  transactions: SeedTransaction[];
  balances: SeedBalance[];
  sequences: { prefix: string; year: number; last: number }[];
  lineCount: number;
}

function isoDay(base: Date, offsetDays: number): string {
  return new Date(base.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export function generateSeed(scale: SeedScale, today: Date, seed = 20241121): SeedData {
  const rnd = prng(seed);
  const warehouses = Array.from({ length: scale.warehouses }, (_, i) => ({
    name: `Warehouse ${String(i + 1).padStart(2, "0")} ${CITIES[i % CITIES.length]}`,
    location: `${CITIES[i % CITIES.length]}, Block ${String.fromCharCode(65 + (i % 26))}`,
  }));
  const suppliers = Array.from({ length: scale.suppliers }, (_, i) => ({
    name: `Supplier ${String(i + 1).padStart(3, "0")} Textil`,
    contactInfo: `+62 22 ${String(5_000_000 + i * 37).slice(0, 7)}`,
  }));
  const materials: SeedMaterial[] = [];
  for (let i = 0; materials.length < scale.materials; i++) {
    const fabric = FABRICS[i % FABRICS.length] as string;
    const color = COLORS[Math.floor(i / FABRICS.length) % COLORS.length] as string;
    const series = Math.floor(i / (FABRICS.length * COLORS.length));
    materials.push({
      typeName: series === 0 ? fabric : `${fabric} ${series + 1}`,
      colorName: color,
      colorCode: `#${((i * 2654435761) >>> 8).toString(16).padStart(6, "0").slice(0, 6)}`,
    });
  }

  // Stock keys: each (material, batch) lives in a few warehouses.
  interface Key {
    materialIndex: number;
    batch: string;
    warehouseIndex: number;
    centi: number;
    firstReceived: string | null;
    lastUpdated: string;
  }
  const keys = new Map<string, Key>();
  const keysByWarehouse: Key[][] = warehouses.map(() => []);
  const keyOf = (m: number, b: string, w: number) => `${m}|${b}|${w}`;
  const getKey = (m: number, b: string, w: number): Key => {
    const id = keyOf(m, b, w);
    let key = keys.get(id);
    if (!key) {
      key = { materialIndex: m, batch: b, warehouseIndex: w, centi: 0, firstReceived: null, lastUpdated: "" };
      keys.set(id, key);
      keysByWarehouse[w]?.push(key);
    }
    return key;
  };
  for (let m = 0; m < materials.length; m++) {
    for (let b = 0; b < scale.batchesPerMaterial; b++) {
      const batch = `B${String(m + 1).padStart(4, "0")}-${b + 1}`;
      const homes = new Set<number>();
      while (homes.size < Math.min(scale.warehousesPerBatch, warehouses.length))
        homes.add(rnd.int(0, warehouses.length - 1));
      for (const w of homes) getKey(m, batch, w);
    }
  }

  const thresholds: SeedData["thresholds"] = [];
  for (let m = 0; m < materials.length; m++) {
    if (rnd.next() < scale.thresholdShare) {
      thresholds.push({ materialIndex: m, batch: "", yards: rnd.int(20, 200) });
      if (rnd.next() < 0.3)
        thresholds.push({
          materialIndex: m,
          batch: `B${String(m + 1).padStart(4, "0")}-1`,
          yards: rnd.int(10, 100),
        });
    }
  }

  const start = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (scale.days - 1) * 86_400_000,
  );
  const transactions: SeedTransaction[] = [];
  const sequences = new Map<string, number>();
  let lineCount = 0;
  const txPerDay = Math.ceil(scale.targetLines / 4.2 / scale.days);

  const apply = (key: Key, delta: number, date: string) => {
    key.centi += delta;
    if (delta > 0 && (key.firstReceived === null || date < key.firstReceived)) key.firstReceived = date;
    key.lastUpdated = `${date}T12:00:00.000Z`;
  };
  const stocked = (w: number, wanted: number): Key[] => {
    const pool = keysByWarehouse[w] ?? [];
    const chosen = new Set<Key>();
    for (let tries = 0; tries < wanted * 6 && chosen.size < wanted; tries++) {
      const key = rnd.pick(pool);
      if (key.centi > 0) chosen.add(key);
    }
    return [...chosen];
  };

  for (let day = 0; day < scale.days && lineCount < scale.targetLines; day++) {
    const date = isoDay(start, day);
    const year = Number(date.slice(0, 4));
    for (let t = 0; t < txPerDay && lineCount < scale.targetLines; t++) {
      const roll = rnd.next();
      let kind: TransactionKind =
        roll < 0.3
          ? "receive"
          : roll < 0.7
            ? "production-usage"
            : roll < 0.8
              ? "transfer"
              : roll < 0.88
                ? "waste"
                : roll < 0.92
                  ? "return"
                  : "stock-opname";
      const w = rnd.int(0, warehouses.length - 1);
      const lines: SeedLine[] = [];
      let supplierIndex: number | null = null;
      let warehouseIndex: number | null = w;
      let sourceIndex: number | null = null;
      let destinationIndex: number | null = null;
      let reasonCode: string | null = null;
      const out = kind === "production-usage" || kind === "waste" || kind === "return";
      const chosen =
        kind === "receive"
          ? []
          : stocked(w, kind === "waste" || kind === "return" ? 2 : kind === "transfer" ? 2 : 5);
      if (kind !== "receive" && chosen.length === 0) kind = "receive";
      if (kind === "receive") {
        supplierIndex = rnd.int(0, suppliers.length - 1);
        const pool = keysByWarehouse[w] ?? [];
        const picked = new Set<Key>();
        while (picked.size < Math.min(5, pool.length)) picked.add(rnd.pick(pool));
        for (const key of picked) {
          const centi = rnd.int(50, 500) * 100 + rnd.int(0, 3) * 25;
          apply(key, centi, date);
          lines.push({
            materialIndex: key.materialIndex,
            batch: key.batch,
            warehouseIndex: w,
            centi,
            previousCenti: null,
            countedCenti: null,
          });
        }
      } else if (out) {
        if (kind !== "production-usage") {
          reasonCode = rnd.pick(kind === "waste" ? WASTE_REASONS : RETURN_REASONS);
          if (kind === "return") supplierIndex = rnd.int(0, suppliers.length - 1);
        }
        for (const key of chosen) {
          const centi = Math.min(
            key.centi,
            rnd.int(1, kind === "production-usage" ? 60 : 15) * 100 + rnd.int(0, 3) * 25,
          );
          apply(key, -centi, date);
          lines.push({
            materialIndex: key.materialIndex,
            batch: key.batch,
            warehouseIndex: w,
            centi: -centi,
            previousCenti: null,
            countedCenti: null,
          });
        }
      } else if (kind === "transfer") {
        let d = rnd.int(0, warehouses.length - 2);
        if (d >= w) d += 1;
        warehouseIndex = null;
        sourceIndex = w;
        destinationIndex = d;
        for (const key of chosen) {
          // Mostly between the warehouses a batch already lives in, so stock rows stay near the
          // intended count; now and then a batch moves somewhere new.
          if (!keys.has(keyOf(key.materialIndex, key.batch, d)) && rnd.next() < 0.9) continue;
          const centi = Math.min(key.centi, rnd.int(5, 80) * 100);
          const target = getKey(key.materialIndex, key.batch, d);
          apply(key, -centi, date);
          apply(target, centi, date);
          lines.push({
            materialIndex: key.materialIndex,
            batch: key.batch,
            warehouseIndex: w,
            centi: -centi,
            previousCenti: null,
            countedCenti: null,
          });
          lines.push({
            materialIndex: key.materialIndex,
            batch: key.batch,
            warehouseIndex: d,
            centi,
            previousCenti: null,
            countedCenti: null,
          });
        }
      } else {
        for (const key of chosen) {
          const previous = key.centi;
          const counted = Math.max(0, previous + rnd.int(-300, 100));
          apply(key, counted - previous, date);
          lines.push({
            materialIndex: key.materialIndex,
            batch: key.batch,
            warehouseIndex: w,
            centi: counted - previous,
            previousCenti: previous,
            countedCenti: counted,
          });
        }
      }
      if (lines.length === 0) continue;
      const prefix = KIND_INFO[kind].prefix;
      const seqKey = `${prefix}|${year}`;
      const seq = (sequences.get(seqKey) ?? 0) + 1;
      sequences.set(seqKey, seq);
      transactions.push({
        kind,
        number: `${prefix}-${year}-${String(seq).padStart(5, "0")}`,
        date,
        supplierIndex,
        warehouseIndex,
        sourceIndex,
        destinationIndex,
        reasonCode,
        reference: kind === "receive" ? `PO-${year}-${String(seq).padStart(5, "0")}` : null,
        lines,
      });
      lineCount += lines.length;
    }
  }

  const balances: SeedBalance[] = [...keys.values()]
    .filter((k) => k.lastUpdated !== "")
    .map((k) => ({
      materialIndex: k.materialIndex,
      batch: k.batch,
      warehouseIndex: k.warehouseIndex,
      centi: k.centi,
      firstReceived: k.firstReceived,
      lastUpdated: k.lastUpdated,
    }));
  return {
    warehouses,
    suppliers,
    materials,
    thresholds,
    transactions,
    balances,
    sequences: [...sequences].map(([k, last]) => {
      const [prefix, year] = k.split("|");
      return { prefix: prefix as string, year: Number(year), last };
    }),
    lineCount,
  };
}
