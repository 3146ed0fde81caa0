import { t } from "../../i18n";

/**
 * Which kind of master data a screen or form is about; its words are in masterData.json
 * (`masterData.entity.<entity>.title` / `.noun`): "Warehouse added" / "The warehouse has been added
 * successfully." / "Failed to add warehouse." (the spec's section 8 messages).
 */
export interface EntityWords {
  entity: "warehouse" | "supplier" | "material" | "threshold";
}

export type SuccessAction = "added" | "updated" | "deleted" | "archived" | "restored";
export type FailedAction = "add" | "update" | "delete" | "archive" | "restore";

/** "Warehouse" / "Gudang": in titles and buttons. */
export const entityTitle = (words: EntityWords) => t(`masterData.entity.${words.entity}.title`);
/** "warehouse", "stock threshold" / "gudang", "batas stok": inside sentences. */
export const entityNoun = (words: EntityWords) => t(`masterData.entity.${words.entity}.noun`);

export function successToast(words: EntityWords, action: SuccessAction) {
  return {
    title: t(`masterData.done.${action}`, { title: entityTitle(words) }),
    description: t(`masterData.doneDetail.${action}`, { noun: entityNoun(words) }),
  };
}

export function failureFallback(words: EntityWords, action: FailedAction): string {
  return t(`masterData.failed.${action}`, { noun: t(`masterData.entity.${words.entity}.fallbackNoun`) });
}

export const WAREHOUSE_WORDS: EntityWords = { entity: "warehouse" };
export const SUPPLIER_WORDS: EntityWords = { entity: "supplier" };
export const MATERIAL_WORDS: EntityWords = { entity: "material" };
export const THRESHOLD_WORDS: EntityWords = { entity: "threshold" };
