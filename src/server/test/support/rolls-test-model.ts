import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Database } from "../../db/schema";

/**
 * A plain in-memory model of CONTRACT.md section 8 for the rolls tests (not a test file itself),
 * written from the contract, not from the posting's code: it predicts each posting's status and
 * lines and the rolls afterwards. Quantities are integer hundredths; ids are the database's. Rules:
 * - receive: one new roll per listed length (or one of the item's yards), received on its date;
 * - outgoing / transfer: first, 400 when an item names a roll that does not exist or is not of its
 *   material, batch and source warehouse (as the rolls are before the posting); then 409 when a key's
 *   balance would go below 0; then items naming a roll are served first (400 as above, for a roll an
 *   earlier item moved; 409 when it holds less), then items taking any roll, shortest first, then
 *   earliest first received, then lowest id; a transfer moves a roll taken whole (same id) and cuts
 *   a part into a new roll there (parent set, received = the cut, first received = the parent's);
 * - stock opname: a named roll's length becomes the count (400 as above); a batch counted whole
 *   loses a shortfall shortest first, gains a surplus as a new roll; the same roll twice, the same
 *   batch twice, or a batch counted both ways in one posting is 400.
 * - dates (section 12): a named roll received or moved there after the date, or a batch counted
 *   whole holding one, is 400; "any roll" takes only rolls there by the date (400 when it needs
 *   later ones). These and the named rolls' 409s are gathered over all items: 400 wins.
 */

export const REMNANT_BELOW_CENTI = 300;

export interface ModelRoll {
  /** Position in the model; stands for the roll until its database id is known. */
  ref: number;
  id: number | null;
  materialId: number;
  batch: string;
  warehouseId: number;
  lengthCenti: number;
  receivedCenti: number;
  firstReceived: string;
  availableFrom: string; // its receipt, or the transfer that brought it where it is (section 12)
  parentRef: number | null;
}

export type ModelItem =
  | { materialId: number; batch: string; rolls: number[] }
  | { materialId: number; batch: string; centi: number; rollId: number | null }
  | { materialId: number; batch: string; countedCenti: number; rollId: number | null };

export interface ModelPosting {
  kind: "receive" | "production-usage" | "waste" | "return" | "transfer" | "stock-opname";
  date: string;
  /** The posting's warehouse (transfer: the source). */
  warehouseId: number;
  destinationWarehouseId?: number;
  items: ModelItem[];
}

export interface ModelLine {
  ref: number | null;
  materialId: number;
  batch: string;
  warehouseId: number;
  deltaCenti: number;
}

export type ModelOutcome = { status: 201; lines: ModelLine[] } | { status: 400 | 409; why: string };

const keyOf = (materialId: number, batch: string, warehouseId: number) =>
  `${materialId}|${batch}|${warehouseId}`;

class Refusal extends Error {
  constructor(
    readonly status: 400 | 409,
    why: string,
  ) {
    super(why);
  }
}

export function statusOfLength(lengthCenti: number, remnantBelow = REMNANT_BELOW_CENTI): string {
  if (lengthCenti === 0) return "Used Up";
  if (lengthCenti < remnantBelow) return "Remnant";
  return "In Stock";
}

export class RollModel {
  rolls: ModelRoll[] = [];

  balance(materialId: number, batch: string, warehouseId: number): number {
    return this.rolls
      .filter((r) => r.materialId === materialId && r.batch === batch && r.warehouseId === warehouseId)
      .reduce((s, r) => s + r.lengthCenti, 0);
  }

  byId(id: number): ModelRoll | undefined {
    return this.rolls.find((r) => r.id === id);
  }

  /** The rolls of a key with yards, in the order "any roll" takes them. */
  takeOrder(rolls: ModelRoll[], materialId: number, batch: string, warehouseId: number): ModelRoll[] {
    return rolls
      .filter(
        (r) =>
          r.lengthCenti > 0 &&
          r.materialId === materialId &&
          r.batch === batch &&
          r.warehouseId === warehouseId,
      )
      .sort((a, b) => {
        if (a.lengthCenti !== b.lengthCenti) return a.lengthCenti - b.lengthCenti;
        if (a.firstReceived !== b.firstReceived) return a.firstReceived < b.firstReceived ? -1 : 1;
        if (a.id === null || b.id === null) throw new Error("model: a roll without an id was compared");
        return a.id - b.id;
      });
  }

  /** Predicts a posting; on 201 the model takes its effect (new rolls wait for bind()). */
  post(p: ModelPosting): ModelOutcome {
    const rolls = this.rolls.map((r) => ({ ...r }));
    try {
      const lines = this.simulate(p, rolls);
      this.rolls = rolls;
      return { status: 201, lines };
    } catch (e) {
      if (e instanceof Refusal) return { status: e.status, why: e.message };
      throw e;
    }
  }

  private simulate(p: ModelPosting, rolls: ModelRoll[]): ModelLine[] {
    const perItem: ModelLine[][] = p.items.map(() => []);
    const newRoll = (r: Omit<ModelRoll, "ref" | "id" | "receivedCenti">) => {
      const roll: ModelRoll = { ...r, ref: rolls.length, id: null, receivedCenti: r.lengthCenti };
      rolls.push(roll);
      return roll;
    };
    const line = (i: number, ref: number | null, item: ModelItem, warehouseId: number, deltaCenti: number) =>
      perItem[i]?.push({ ref, materialId: item.materialId, batch: item.batch, warehouseId, deltaCenti });

    if (p.kind === "receive") {
      p.items.forEach((item, i) => {
        if (!("rolls" in item)) throw new Error("model: receive item without rolls");
        for (const length of item.rolls) {
          const r = newRoll({
            materialId: item.materialId,
            batch: item.batch,
            warehouseId: p.warehouseId,
            lengthCenti: length,
            firstReceived: p.date,
            availableFrom: p.date,
            parentRef: null,
          });
          line(i, r.ref, item, p.warehouseId, length);
        }
      });
      return perItem.flat();
    }

    const named = (item: ModelItem & { rollId: number | null }, rollId: number): ModelRoll => {
      const roll = rolls.find((r) => r.id === rollId);
      if (!roll) throw new Refusal(400, `roll ${rollId} does not exist`);
      if (roll.materialId !== item.materialId || roll.batch !== item.batch)
        throw new Refusal(400, `roll ${rollId} is another material or batch`);
      if (roll.warehouseId !== p.warehouseId)
        throw new Refusal(400, `roll ${rollId} is in another warehouse`);
      return roll;
    };

    if (p.kind === "stock-opname") {
      const counts = p.items as Extract<ModelItem, { countedCenti: number }>[];
      const wholes = new Set<string>();
      const byRoll = new Set<string>();
      const rollIds = new Set<number>();
      for (const c of counts) {
        const k = `${c.materialId}|${c.batch}`;
        if (c.rollId === null) {
          if (wholes.has(k)) throw new Refusal(400, "a batch counted twice");
          wholes.add(k);
        } else {
          if (rollIds.has(c.rollId)) throw new Refusal(400, "a roll counted twice");
          rollIds.add(c.rollId);
          byRoll.add(k);
        }
      }
      for (const k of wholes) if (byRoll.has(k)) throw new Refusal(400, "a batch counted both ways");
      // The balances counted whole, before the posting.
      const before = new Map(
        counts.map((c) => [
          keyOf(c.materialId, c.batch, p.warehouseId),
          rolls
            .filter(
              (r) => r.materialId === c.materialId && r.batch === c.batch && r.warehouseId === p.warehouseId,
            )
            .reduce((s, r) => s + r.lengthCenti, 0),
        ]),
      );
      const early: number[] = [];
      counts.forEach((c, i) => {
        if (c.rollId === null) return;
        const roll = named(c, c.rollId);
        if (roll.availableFrom > p.date) {
          early.push(i);
          return;
        }
        line(i, roll.ref, c, p.warehouseId, c.countedCenti - roll.lengthCenti);
        roll.lengthCenti = c.countedCenti;
      });
      counts.forEach((c, i) => {
        if (c.rollId !== null) return;
        const delta = c.countedCenti - (before.get(keyOf(c.materialId, c.batch, p.warehouseId)) ?? 0);
        const order = this.takeOrder(rolls, c.materialId, c.batch, p.warehouseId);
        if (order.some((r) => r.availableFrom > p.date)) early.push(i);
        else if (delta > 0) {
          const r = newRoll({
            materialId: c.materialId,
            batch: c.batch,
            warehouseId: p.warehouseId,
            lengthCenti: delta,
            firstReceived: p.date,
            availableFrom: p.date,
            parentRef: null,
          });
          line(i, r.ref, c, p.warehouseId, delta);
        } else if (delta === 0) {
          line(i, order[0]?.ref ?? null, c, p.warehouseId, 0);
        } else {
          let need = -delta;
          for (const roll of order) {
            if (need === 0) break;
            const take = Math.min(need, roll.lengthCenti);
            roll.lengthCenti -= take;
            need -= take;
            line(i, roll.ref, c, p.warehouseId, -take);
          }
          if (need > 0) throw new Error("model: a count found less in rolls than the balance");
        }
      });
      if (early.length > 0) throw new Refusal(400, "a roll was received after the count's date");
      return perItem.flat();
    }

    // Outgoing kinds and transfer.
    const takes = p.items as Extract<ModelItem, { centi: number }>[];
    const destination = p.kind === "transfer" ? (p.destinationWarehouseId as number) : null;
    const net = new Map<string, { m: number; b: string; w: number; d: number }>();
    const add = (m: number, b: string, w: number, d: number) => {
      const k = keyOf(m, b, w);
      const row = net.get(k) ?? { m, b, w, d: 0 };
      row.d += d;
      net.set(k, row);
    };
    // A named roll is checked before any balance: the wrong roll is the mistake, not a shortage.
    for (const t of takes) if (t.rollId !== null) named(t, t.rollId);
    for (const t of takes) {
      add(t.materialId, t.batch, p.warehouseId, -t.centi);
      if (destination !== null) add(t.materialId, t.batch, destination, t.centi);
    }
    for (const { m, b, w, d } of net.values()) {
      const have = rolls
        .filter((r) => r.materialId === m && r.batch === b && r.warehouseId === w)
        .reduce((s, r) => s + r.lengthCenti, 0);
      if (have + d < 0) throw new Refusal(409, `not enough stock of ${m}/${b} at ${w}`);
    }
    const takeFrom = (i: number, item: ModelItem, roll: ModelRoll, centi: number) => {
      line(i, roll.ref, item, p.warehouseId, -centi);
      if (destination === null) {
        roll.lengthCenti -= centi;
      } else if (centi === roll.lengthCenti) {
        roll.warehouseId = destination;
        roll.availableFrom = p.date;
        line(i, roll.ref, item, destination, centi);
      } else {
        roll.lengthCenti -= centi;
        const piece = newRoll({
          materialId: roll.materialId,
          batch: roll.batch,
          warehouseId: destination,
          lengthCenti: centi,
          firstReceived: roll.firstReceived,
          availableFrom: p.date,
          parentRef: roll.ref,
        });
        line(i, piece.ref, item, destination, centi);
      }
    };
    let early = false;
    const short: number[] = [];
    takes.forEach((t, i) => {
      if (t.rollId === null) return;
      const roll = named(t, t.rollId);
      if (roll.availableFrom > p.date) early = true;
      else if (roll.lengthCenti < t.centi) short.push(t.rollId);
      else takeFrom(i, t, roll, t.centi);
    });
    takes.forEach((t, i) => {
      if (t.rollId !== null) return;
      let need = t.centi;
      const order = this.takeOrder(rolls, t.materialId, t.batch, p.warehouseId);
      for (const roll of order.filter((r) => r.availableFrom <= p.date)) {
        if (need === 0) break;
        const take = Math.min(need, roll.lengthCenti);
        need -= take;
        takeFrom(i, t, roll, take);
      }
      if (need === 0) return;
      if (!order.some((r) => r.availableFrom > p.date))
        throw new Error("model: the rolls hold less than the balance");
      early = true;
    });
    if (early) throw new Refusal(400, "a roll was received after the posting's date");
    if (short.length > 0)
      throw new Refusal(409, `${short.map((id) => `roll ${id}`).join(", ")} holds less than asked`);
    return perItem.flat();
  }

  /**
   * Compares a 201 answer's lines with the predicted ones, in order, and learns the ids of the
   * rolls the posting made.
   */
  bind(predicted: ModelLine[], answered: readonly AnsweredLine[], context = ""): void {
    const shape = (l: ModelLine, id: number | null) => [
      id,
      l.materialId,
      l.batch,
      l.warehouseId,
      l.deltaCenti,
    ];
    const got = answered.map((a) => [
      a.rollId,
      a.materialId,
      a.batch,
      a.warehouseId,
      Math.round(a.yardsChange * 100),
    ]);
    const expected = predicted.map((l, i) => {
      if (l.ref === null) return shape(l, null);
      const roll = this.rolls[l.ref] as ModelRoll;
      if (roll.id === null) {
        const id = answered[i]?.rollId;
        if (typeof id === "number" && !this.rolls.some((r) => r.id === id)) roll.id = id;
      }
      return shape(l, roll.id);
    });
    expect(got, `${context}: lines (rollId, material, batch, warehouse, centi)`).toEqual(expected);
    expect(
      this.rolls.filter((r) => r.id === null).map((r) => r.ref),
      `${context}: rolls without id`,
    ).toEqual([]);
  }

  /** The rolls of `materialIds` in the database equal the model's, roll by roll. */
  async expectDatabase(db: Kysely<Database>, materialIds: number[], context = ""): Promise<void> {
    const rows = await db
      .selectFrom("rolls")
      .select([
        "id",
        "material_id",
        "batch",
        "warehouse_id",
        "length_centi",
        "received_centi",
        "first_received",
        "parent_roll_id",
        "status",
      ])
      .where("material_id", "in", materialIds)
      .orderBy("id")
      .execute();
    const stored = rows.map((r) => ({
      id: r.id,
      materialId: r.material_id,
      batch: r.batch,
      warehouseId: r.warehouse_id,
      lengthCenti: Number(r.length_centi),
      receivedCenti: Number(r.received_centi),
      firstReceived: r.first_received,
      parentId: r.parent_roll_id,
      status: r.status,
    }));
    const modelled = [...this.rolls]
      .sort((a, b) => (a.id as number) - (b.id as number))
      .map((r) => ({
        id: r.id,
        materialId: r.materialId,
        batch: r.batch,
        warehouseId: r.warehouseId,
        lengthCenti: r.lengthCenti,
        receivedCenti: r.receivedCenti,
        firstReceived: r.firstReceived,
        parentId: r.parentRef === null ? null : (this.rolls[r.parentRef]?.id ?? null),
        status: statusOfLength(r.lengthCenti),
      }));
    expect(stored, `${context}: rolls in the database`).toEqual(modelled);
  }
}

export interface AnsweredLine {
  rollId: number | null;
  materialId: number;
  batch: string;
  warehouseId: number;
  yardsChange: number;
}
