import { mixedLotsByMaterial } from "../../../../domain/posting-plan";
import type { Roll } from "../../../../domain/roll";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { t } from "../../../i18n";
import type { TransactionDraft } from "./draft";
import { emptyRow, type ItemRowValues, lengthText } from "./form-model";

/** What a scanned roll or a draft needs of a roll to become an item row. */
export type RollForRow = Pick<
  Roll,
  | "id"
  | "code"
  | "materialId"
  | "typeName"
  | "batch"
  | "lengthYards"
  | "warehouseId"
  | "warehouseName"
  | "status"
>;

/** Yards as the form's text fields hold them, in the user's unit: "45.5", not "45.50". */
const yardsText = lengthText;

/**
 * A scanned roll as an item row (CONTRACT.md section 12: a scan never sets a quantity by itself):
 * its material, batch and the roll itself. A transfer moves the whole roll (its length, editable);
 * production usage, waste and return wait for the yards to be typed; a count for the counted length.
 */
export function rowOfRoll(roll: RollForRow, kind: TransactionKind): ItemRowValues {
  return {
    ...emptyRow(),
    typeName: roll.typeName,
    materialId: String(roll.materialId),
    batch: roll.batch,
    yards: kind === "transfer" ? yardsText(roll.lengthYards) : "",
    rollId: String(roll.id),
  };
}

/** After a scan, the cursor goes to the yards the clerk has to type (null: it stays in Scan roll). */
export function focusAfterScan(kind: TransactionKind): "yards" | null {
  return kind === "transfer" ? null : "yards";
}

export interface ScanTarget {
  /** The form's (source) warehouse id as text; "" when none is chosen yet. */
  warehouseId: string;
  /** That warehouse's name, for the refusal. */
  warehouseName: string | undefined;
  rows: readonly Pick<ItemRowValues, "rollId">[];
}

/**
 * Why a scanned roll cannot be added to the form, in the field's words, or null when it can: a
 * used-up roll, a roll of another warehouse than the form's (source) warehouse, a roll already on
 * the form. A form without a warehouse takes the roll's.
 */
export function scanRefusal(roll: RollForRow, target: ScanTarget): string | null {
  const code = roll.code;
  if (roll.status === "Used Up" || roll.lengthYards <= 0) return t("transactions.scan.usedUp", { code });
  if (target.warehouseId && target.warehouseId !== String(roll.warehouseId)) {
    const here = target.warehouseName ?? t("transactions.scan.formWarehouse");
    return t("transactions.scan.elsewhere", { code, there: roll.warehouseName, here });
  }
  if (target.rows.some((r) => r.rollId === String(roll.id))) return t("transactions.scan.onForm", { code });
  return null;
}

/** Scanning adds rolls on every form but Receive (a receive makes new rolls). */
export function scansRolls(kind: TransactionKind): boolean {
  return kind !== "receive";
}

/**
 * A draft's items as item rows: a roll named by the draft gives its own material, type and batch
 * (what the roll is, whatever the draft says); an item without a roll takes the draft's material,
 * its type from `typeNameOf`. Yards as drafted.
 */
export function rowsOfDraft(
  draft: TransactionDraft,
  rollOf: (id: number) => Pick<Roll, "materialId" | "typeName" | "batch"> | undefined,
  typeNameOf: (materialId: number) => string | undefined,
): ItemRowValues[] {
  return draft.items.map((item) => {
    const roll = item.rollId === null ? undefined : rollOf(item.rollId);
    const materialId = roll?.materialId ?? item.materialId;
    return {
      ...emptyRow(),
      typeName: roll?.typeName ?? typeNameOf(materialId) ?? "",
      materialId: materialId > 0 ? String(materialId) : "",
      batch: roll?.batch ?? item.batch,
      yards: yardsText(item.yards),
      rollId: item.rollId === null ? "" : String(item.rollId),
    };
  });
}

/**
 * The dye-lot guard's sentences (CONTRACT.md section 9), one per material the rows take from two
 * or more batches: "Cotton / Red comes from 2 dye lots: L-1, L-2. Shades may differ."
 */
export function mixedLotSentences(
  rows: readonly Pick<ItemRowValues, "materialId" | "batch">[],
  nameOf: (materialId: number) => string,
): string[] {
  const groups = mixedLotsByMaterial(
    rows.map((r) => ({ materialId: r.materialId ? Number(r.materialId) : null, batch: r.batch.trim() })),
  );
  return [...groups].map(([materialId, lots]) =>
    t("transactions.mixedLots.sentence", {
      material: nameOf(materialId),
      count: lots.length,
      lots: lots.join(", "),
    }),
  );
}

export { printLabelsText, rollIdsOf } from "../../labels/rolls-for-labels";
