import type { Kysely } from "kysely";
import { errorText } from "../../../../domain/error-text";
import type { CountStep, ItemStep, TakeStep } from "../../../../domain/posting-plan";
import { formatRollCode } from "../../../../domain/roll";
import type { Database } from "../../../db/schema";
import { readInChunks } from "../../../lib/chunks";
import { badRequest } from "../../../lib/http-errors";
import { addMissingNames, materialText, type References, warehouseText } from "./references";
import { rollMismatch } from "./refusals";

/** What a named roll must match: the item's material and batch, and the posting's (source) warehouse. */
export interface NamedRollFacts {
  id: number;
  materialId: number;
  batch: string;
  warehouseId: number;
}

/**
 * Why `roll` cannot serve `step` (CONTRACT.md section 8: 400), naming the roll's material and
 * warehouse; null when it can. `refs` must hold the roll's material and warehouse names.
 */
export function namedRollProblem(
  refs: References,
  step: TakeStep | CountStep,
  roll: NamedRollFacts | undefined,
  code: string,
): string | null {
  if (!roll) return errorText("ROLL_DOES_NOT_EXIST", { roll: code });
  if (roll.materialId !== step.materialId || roll.batch !== step.batch) {
    return errorText("ROLL_OTHER_MATERIAL", {
      roll: code,
      material: materialText(refs, roll.materialId),
      batch: roll.batch,
    });
  }
  if (roll.warehouseId !== step.warehouseId) {
    return errorText("ROLL_ELSEWHERE", {
      roll: code,
      warehouse: warehouseText(refs, roll.warehouseId),
      expected: warehouseText(refs, step.warehouseId),
    });
  }
  return null;
}

/**
 * Part of step 1 (validate): the rolls the items name are read, and a roll that does not exist or is
 * not of its item's material, batch and warehouse refuses the posting with 400, before any balance
 * is checked (a shortage of the item's own batch would otherwise hide the real mistake). The names
 * of the rolls' own materials and warehouses are added to `refs` for the message. Read without a
 * lock: allocation checks the same again under the key's lock (a roll may move meanwhile).
 */
export async function checkNamedRolls(
  db: Kysely<Database>,
  steps: readonly ItemStep[],
  refs: References,
): Promise<void> {
  const named = steps.filter(
    (s): s is (TakeStep | CountStep) & { rollId: number } => s.step !== "add" && s.rollId !== null,
  );
  // Without named rolls nothing below runs a statement (no chunk to read, no name missing): no early return.
  const rows = await readInChunks([...new Set(named.map((s) => s.rollId))], (chunk) =>
    db
      .selectFrom("rolls")
      .select(["id", "material_id", "batch", "warehouse_id"])
      .where("id", "in", chunk)
      .execute(),
  );
  const rolls = new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, materialId: r.material_id, batch: r.batch, warehouseId: r.warehouse_id },
    ]),
  );
  await addMissingNames(db, refs, {
    materialIds: rows.map((r) => r.material_id),
    warehouseIds: rows.map((r) => r.warehouse_id),
  });
  // Every roll in the way is named (CONTRACT.md section 12), one issue per item.
  const refused = named.flatMap((step) => {
    const problem = namedRollProblem(refs, step, rolls.get(step.rollId), formatRollCode(step.rollId));
    return problem ? [{ itemIndex: step.itemIndex, problem }] : [];
  });
  const [first, ...others] = refused;
  if (first && others.length === 0) throw rollMismatch(first.itemIndex, first.problem);
  if (first) {
    throw badRequest(
      errorText("ROLLS_CANNOT_SERVE", {
        count: refused.length,
        problems: refused.map((r) => r.problem).join(" "),
      }),
      refused.map((r) => ({ path: `items.${r.itemIndex}.rollId`, message: r.problem })),
    );
  }
}
