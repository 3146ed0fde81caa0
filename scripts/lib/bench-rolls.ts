/**
 * The bench's rolls measures (issue 14 point 5, docs/performance.md), over keep-alive HTTP on the
 * bench's running server at the large seed (~320,000 rolls):
 * - the rolls list, filtered page of 50: by type + warehouse (as the stock list's filtered page) and
 *   by material + warehouse (the keys the seed stocked most), p50/p95 of 200 GETs; target p95 <= 20 ms;
 * - a roll by its code (`GET /api/rolls/by-code/{code}`, 200 codes spread over all ids, Used Up
 *   rolls included), p50/p95 of 200 GETs; target p95 <= 5 ms;
 * - posting rate of 5-item production usages whose items each span several rolls (each item takes
 *   5 yards from a key of 2-yard rolls: shortest first, so 3 rolls a time, two of them whole; each
 *   key holds a couple of dozen rolls, the seed's busiest keys' order), against 5-item usages of
 *   single rolls two ways: over the same keys' layout (materials, warehouses, a cost per yard; each
 *   key one roll of 1,000,000 yards), which differs only in the rolls an item spans, and the bench's
 *   own body (200 keys of one warehouse, no cost, so their rows share pages: "today's posting
 *   rate"); all three measured here the same way, in alternating rounds of ~2 s (16 signed-in
 *   clients, `seconds` each in all);
 *   target: multi-roll rate >= 80% of the single-roll rate over the same keys (decision 014); the
 *   ratio to the bench's body is printed beside it.
 */
import { formatRollCode } from "../../src/domain/roll";
import type { MeasureDef } from "./bench-verdict";
import { timeGets } from "./stats";

const CLIENTS = 16;
/**
 * Keys made for the multi-roll postings: materials 1..MULTI_KEYS, batch BENCH-ROLLS-n, in each of
 * MULTI_WAREHOUSES (2, 3, ...): many keys, so that each holds a few dozen rolls at most, not hundreds.
 */
const MULTI_KEYS = 2_000;
const MULTI_WAREHOUSES: readonly number[] = [2, 3, 4, 5];
const ROLL_YARDS = 2;
const ITEM_YARDS = 5;
/** Postings per second the stock is sized for (more than either engine posts today), with room. */
const SIZED_FOR_RATE = 600;

export interface RollsBenchOptions {
  baseUrl: string;
  /** An admin's session cookie (reads and the stocking receipts). */
  cookie: string;
  seconds: number;
  /** The bench's single-roll 5-item production-usage body (bench.ts usageBody). */
  singleRollBody: (i: number) => unknown;
  signIn: (baseUrl: string) => Promise<string>;
  log: (line: string) => void;
  /** Keys made for the multi-roll postings (materials 1..n must exist); MULTI_KEYS by default. */
  multiKeys?: number;
  /** The warehouses those keys are made in (they must exist); MULTI_WAREHOUSES by default. */
  warehouses?: readonly number[];
  /** GETs per read measure: 200 by default. */
  gets?: number;
  /**
   * Seconds of multi-roll postings to stock rolls for (`seconds` by default): more when the same
   * database is measured again (bench --repeat on PostgreSQL) and the keys are stocked only once.
   */
  stockedForSeconds?: number;
}

type Json = Record<string, unknown>;

async function getJson<T>(baseUrl: string, cookie: string, url: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
  return (await res.json()) as T;
}

async function postingLoop(
  baseUrl: string,
  cookies: readonly string[],
  seconds: number,
  body: (i: number) => unknown,
) {
  const end = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  let lines = 0;
  let counter = 0;
  let firstFailure: string | null = null;
  await Promise.all(
    cookies.map(async (cookie) => {
      while (performance.now() < end) {
        const res = await fetch(`${baseUrl}/api/transactions/production-usage`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify(body(counter++)),
        });
        const answer = (await res.json()) as Json;
        if (res.status === 201) {
          ok++;
          lines += Array.isArray(answer.details) ? answer.details.length : 0;
        } else {
          failed++;
          firstFailure ??= `${res.status} ${String(answer.message)}`;
        }
      }
    }),
  );
  return { perSecond: ok / seconds, ok, failed, linesPerPosting: ok > 0 ? lines / ok : 0, firstFailure };
}

type Loop = Awaited<ReturnType<typeof postingLoop>>;

function combine(loops: readonly Loop[], seconds: number): Loop {
  const ok = loops.reduce((n, l) => n + l.ok, 0);
  const lines = loops.reduce((n, l) => n + l.linesPerPosting * l.ok, 0);
  return {
    perSecond: ok / seconds,
    ok,
    failed: loops.reduce((n, l) => n + l.failed, 0),
    linesPerPosting: ok > 0 ? lines / ok : 0,
    firstFailure: loops.find((l) => l.firstFailure !== null)?.firstFailure ?? null,
  };
}

/** Posts a receipt of `items` from supplier 1 dated today; throws naming `what` unless it is saved. */
async function postReceipt(
  baseUrl: string,
  cookie: string,
  warehouseId: number,
  items: Json[],
  what: string,
) {
  const res = await fetch(`${baseUrl}/api/transactions/receive`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      transactionDate: new Date().toISOString().slice(0, 10),
      supplierId: 1,
      warehouseId,
      items,
    }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`stocking ${what}: ${res.status} ${text.slice(0, 300)}`);
}

/** The multi-roll body: 5 items of 5 yards, each from its own key of 2-yard rolls. */
function multiRollBody(i: number, keys: number, warehouses: readonly number[]) {
  const items = [];
  const round = Math.floor(i / warehouses.length);
  for (let j = 0; j < 5; j++) {
    const k = (round * 7 + j * 401) % keys;
    items.push({ materialId: k + 1, batch: `BENCH-ROLLS-${k + 1}`, yards: -ITEM_YARDS });
  }
  const warehouseId = warehouses[i % warehouses.length] as number;
  return { transactionDate: new Date().toISOString().slice(0, 10), warehouseId, items };
}

/** The same keys' layout as multiRollBody (other batches), each key one roll: 5 items of 5 yards. */
function sameKeysBody(i: number, keys: number, warehouses: readonly number[]) {
  const body = multiRollBody(i, keys, warehouses);
  return {
    ...body,
    items: body.items.map((it) => ({ ...it, batch: it.batch.replace("BENCH-ROLLS-", "BENCH-ONE-") })),
  };
}

/**
 * The single-roll keys laid out as the multi-roll ones (materials 1..keyCount in each of
 * the warehouses, batch BENCH-ONE-n, the same cost per yard), one roll of 1,000,000 yards each,
 * in receipts of 200 items. Once per database: skipped when the keys exist.
 */
async function stockSameKeys(
  baseUrl: string,
  cookie: string,
  keyCount: number,
  warehouses: readonly number[],
  log: (l: string) => void,
) {
  const have = await getJson<Json[]>(
    baseUrl,
    cookie,
    `/api/rolls?material=1&warehouse=${warehouses[0]}&batch=BENCH-ONE-1&limit=1`,
  );
  if (have.length > 0) return 0;
  log(`  stocking ${keyCount * warehouses.length} keys with one roll each...`);
  for (const warehouseId of warehouses) {
    for (let k = 0; k < keyCount; k += 200) {
      await postReceipt(
        baseUrl,
        cookie,
        warehouseId,
        Array.from({ length: Math.min(200, keyCount - k) }, (_, j) => ({
          materialId: k + j + 1,
          batch: `BENCH-ONE-${k + j + 1}`,
          unitCost: 4.5,
          yards: 1_000_000,
        })),
        "the same keys",
      );
    }
  }
  return keyCount * warehouses.length;
}

/**
 * Stocks the multi-roll keys with enough 2-yard rolls for `seconds` of postings at SIZED_FOR_RATE
 * (receipts of 1,000 rolls, 4 at a time). Once per database: skipped when the keys exist.
 */
async function stockMultiRollKeys(
  baseUrl: string,
  cookie: string,
  seconds: number,
  keyCount: number,
  warehouses: readonly number[],
  log: (l: string) => void,
) {
  const have = await getJson<Json[]>(
    baseUrl,
    cookie,
    `/api/rolls?material=1&warehouse=${warehouses[0]}&batch=BENCH-ROLLS-1&limit=1`,
  );
  if (have.length > 0) return 0;
  const itemsPerKey = (SIZED_FOR_RATE * seconds * 5) / (keyCount * warehouses.length);
  const rollsPerKey = Math.min(500, Math.ceil(((itemsPerKey * ITEM_YARDS) / ROLL_YARDS) * 1.3) + 3);
  const keysPerPosting = Math.max(1, Math.floor(1_000 / rollsPerKey));
  log(
    `  stocking ${keyCount * warehouses.length} keys with ${rollsPerKey} rolls of ${ROLL_YARDS} yards each...`,
  );
  const postings: { warehouseId: number; keys: number[] }[] = [];
  for (const warehouseId of warehouses)
    for (let k = 0; k < keyCount; k += keysPerPosting)
      postings.push({
        warehouseId,
        keys: Array.from({ length: Math.min(keysPerPosting, keyCount - k) }, (_, j) => k + j),
      });
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < postings.length) {
        const { warehouseId, keys } = postings[next++] as (typeof postings)[number];
        await postReceipt(
          baseUrl,
          cookie,
          warehouseId,
          keys.map((k) => ({
            materialId: k + 1,
            batch: `BENCH-ROLLS-${k + 1}`,
            unitCost: 4.5,
            rolls: Array.from({ length: rollsPerKey }, () => ({ lengthYards: ROLL_YARDS })),
          })),
          "the multi-roll keys",
        );
      }
    }),
  );
  return keyCount * warehouses.length * rollsPerKey;
}

export async function benchRolls(options: RollsBenchOptions) {
  const { baseUrl, cookie, seconds, log } = options;
  const gets = options.gets ?? 200;
  const warehouses = options.warehouses ?? MULTI_WAREHOUSES;
  const result: Json = {};

  // Reads. The newest rolls (the list's default order) show which material + warehouse keys hold
  // rolls; offset past the bench's own keys.
  const newest = await getJson<{ id: number; materialId: number; warehouseId: number }[]>(
    baseUrl,
    cookie,
    `/api/rolls?limit=500&offset=${Math.min(1000, gets * 5)}`,
  );
  const pairs = [...new Set(newest.map((r) => `material=${r.materialId}&warehouse=${r.warehouseId}`))].slice(
    0,
    50,
  );
  const top = await getJson<{ id: number }[]>(baseUrl, cookie, "/api/rolls?limit=1&status=Used%20Up");
  const newestAll = await getJson<{ id: number }[]>(baseUrl, cookie, "/api/rolls?limit=1");
  const maxId = Math.max(newestAll[0]?.id ?? 1, top[0]?.id ?? 1);
  const codes = Array.from({ length: 200 }, (_, k) =>
    formatRollCode(1 + Math.floor((k * (maxId - 1)) / 199)),
  );
  const reads: Record<string, string[]> = {
    "rolls filtered page (50), type + warehouse": ["/api/rolls?warehouse=3&type=Denim&limit=50"],
    "rolls filtered page (50), material + warehouse": pairs.map((p) => `/api/rolls?${p}&limit=50`),
    "roll by code": codes.map((c) => `/api/rolls/by-code/${c}`),
  };
  const readResults: Json = {};
  for (const [name, urls] of Object.entries(reads)) {
    try {
      readResults[name] = await timeGets(baseUrl, cookie, urls, gets);
    } catch (error) {
      readResults[name] = { error: (error as Error).message };
    }
    log(`  ${name}: ${JSON.stringify(readResults[name])}`);
  }
  result.reads = readResults;
  result.rollCount = maxId;

  // Postings: single-roll items against items that span several rolls, measured alike.
  const keyCount = options.multiKeys ?? MULTI_KEYS;
  result.stockedRolls =
    (await stockMultiRollKeys(
      baseUrl,
      cookie,
      options.stockedForSeconds ?? seconds,
      keyCount,
      warehouses,
      log,
    )) + (await stockSameKeys(baseUrl, cookie, keyCount, warehouses, log));
  const cookies: string[] = [];
  for (let c = 0; c < CLIENTS; c++) cookies.push(await options.signIn(baseUrl));
  // Alternating rounds of about 2 s each, so that a change of the machine's load (or the database
  // growing) weighs on both alike.
  const rounds = Math.max(1, Math.round(seconds / 2));
  log(
    `  single-roll and multi-roll 5-item usages over HTTP, ${seconds} s each in ${rounds} alternating rounds...`,
  );
  const parts = { single: [] as Loop[], sameKeys: [] as Loop[], multi: [] as Loop[] };
  let offset = 0;
  for (let r = 0; r < rounds; r++) {
    const from = offset;
    parts.single.push(
      await postingLoop(baseUrl, cookies, seconds / rounds, (i) => options.singleRollBody(from + i)),
    );
    parts.sameKeys.push(
      await postingLoop(baseUrl, cookies, seconds / rounds, (i) =>
        sameKeysBody(from + i, keyCount, warehouses),
      ),
    );
    parts.multi.push(
      await postingLoop(baseUrl, cookies, seconds / rounds, (i) =>
        multiRollBody(from + i, keyCount, warehouses),
      ),
    );
    offset += 100_000;
  }
  const single = combine(parts.single, seconds);
  const sameKeys = combine(parts.sameKeys, seconds);
  const multi = combine(parts.multi, seconds);
  result.postingSingleRoll = single;
  result.postingSameKeysSingleRoll = sameKeys;
  result.postingMultiRoll = multi;
  result.multiOverSingle = single.perSecond > 0 ? multi.perSecond / single.perSecond : null;
  result.multiOverSameKeys = sameKeys.perSecond > 0 ? multi.perSecond / sameKeys.perSecond : null;
  const pct = (x: unknown) => `${(100 * (x as number)).toFixed(0)}%`;
  log(
    `  postings/s single-roll ${single.perSecond.toFixed(1)} (${single.linesPerPosting.toFixed(1)} lines), same keys single-roll ${sameKeys.perSecond.toFixed(1)} (${sameKeys.linesPerPosting.toFixed(1)} lines), multi-roll ${multi.perSecond.toFixed(1)} (${multi.linesPerPosting.toFixed(1)} lines): ${pct(result.multiOverSameKeys)} of the same keys, ${pct(result.multiOverSingle)} of the bench's body`,
  );
  return result;
}

/** The bench's rolls measures (bench-measures.ts puts them in its table). */
export const ROLLS_MEASURES: MeasureDef[] = [
  ...(
    [
      ["rolls filtered page (50), type + warehouse", 20],
      ["rolls filtered page (50), material + warehouse", 20],
      ["roll by code", 5],
    ] as const
  ).map(
    ([name, ms]): MeasureDef => ({
      label: `${name} p95`,
      unit: "ms",
      scaling: "time",
      target: { op: "<=", value: ms },
      pick: (r) => r.rolls?.reads?.[name]?.p95,
    }),
  ),
  ...(
    [
      ["5-item usage, single-roll items, the bench body", "postingSingleRoll"],
      ["5-item usage, single-roll items, same keys", "postingSameKeysSingleRoll"],
      ["5-item usage, multi-roll items", "postingMultiRoll"],
    ] as const
  ).map(
    ([label, key]): MeasureDef => ({
      label,
      unit: "postings/s",
      scaling: "rate",
      pick: (r) => r.rolls?.[key]?.perSecond,
    }),
  ),
  {
    // Accepted at its measured median (~81% over 11 runs): the line stays, a run near it is EDGE.
    label: "multi-roll / single-roll posting rate, same keys",
    unit: "%",
    scaling: "none",
    target: { op: ">=", value: 80 },
    pick: (r) => 100 * r.rolls?.multiOverSameKeys,
  },
  {
    label: "multi-roll / the bench body's posting rate",
    unit: "%",
    scaling: "none",
    pick: (r) => 100 * r.rolls?.multiOverSingle,
  },
];
