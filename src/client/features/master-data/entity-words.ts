/**
 * How one kind of master data is named in the spec's messages (section 8): "Warehouse added" /
 * "The warehouse has been added successfully." / "Failed to add warehouse.".
 */
export interface EntityWords {
  /** Capitalised, in titles and buttons: "Warehouse", "Threshold". */
  title: string;
  /** In success descriptions: "warehouse", "stock threshold". */
  noun: string;
  /** In failure fallbacks: "warehouse", "threshold". */
  fallbackNoun: string;
}

export type SuccessAction = "added" | "updated" | "deleted" | "archived" | "restored";
export type FailedAction = "add" | "update" | "delete" | "archive" | "restore";

export function successToast(words: EntityWords, action: SuccessAction) {
  return {
    title: `${words.title} ${action}`,
    description: `The ${words.noun} has been ${action} successfully.`,
  };
}

export function failureFallback(words: EntityWords, action: FailedAction): string {
  return `Failed to ${action} ${words.fallbackNoun}.`;
}

export const WAREHOUSE_WORDS: EntityWords = {
  title: "Warehouse",
  noun: "warehouse",
  fallbackNoun: "warehouse",
};
export const SUPPLIER_WORDS: EntityWords = { title: "Supplier", noun: "supplier", fallbackNoun: "supplier" };
export const MATERIAL_WORDS: EntityWords = { title: "Material", noun: "material", fallbackNoun: "material" };
export const THRESHOLD_WORDS: EntityWords = {
  title: "Threshold",
  noun: "stock threshold",
  fallbackNoun: "threshold",
};
