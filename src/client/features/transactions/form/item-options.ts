import type { Material } from "../../../../domain/material";
import type { StockLevel } from "../../../../domain/stock";
import type { ComboboxOption } from "../../../components/ui/combobox";

/**
 * What the item pickers offer: the material types, and per type its colors (the option value is
 * the material id). Built from all materials (Receive, Stock Opname) or from the stock at the
 * chosen warehouse (consumption kinds).
 */
export interface MaterialChoices {
  types: ComboboxOption[];
  colorsByType: Map<string, ComboboxOption[]>;
}

const byLabel = (a: ComboboxOption, b: ComboboxOption) => a.label.localeCompare(b.label);

export function materialChoices(materials: readonly Pick<Material, "id" | "typeName" | "colorName">[]) {
  const colorsByType = new Map<string, ComboboxOption[]>();
  const seen = new Set<number>();
  for (const m of materials) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    const colors = colorsByType.get(m.typeName) ?? [];
    colors.push({ value: String(m.id), label: m.colorName });
    colorsByType.set(m.typeName, colors);
  }
  for (const colors of colorsByType.values()) colors.sort(byLabel);
  const types = [...colorsByType.keys()].map((t) => ({ value: t, label: t })).sort(byLabel);
  return { types, colorsByType } satisfies MaterialChoices;
}

/** The stock rows at one warehouse, looked up by material and batch. */
export interface StockIndex {
  choices: MaterialChoices;
  /** Rows of a material (id as text), batches sorted. */
  batchesOf: (materialId: string) => StockLevel[];
  /** Available yards of (material, batch), 0 when the warehouse holds none. */
  availableOf: (materialId: number, batch: string) => number;
}

export function indexStock(rows: readonly StockLevel[]): StockIndex {
  const byMaterial = new Map<string, StockLevel[]>();
  const byKey = new Map<string, number>();
  for (const row of rows) {
    const list = byMaterial.get(String(row.materialId)) ?? [];
    list.push(row);
    byMaterial.set(String(row.materialId), list);
    byKey.set(`${row.materialId}\u0000${row.batch}`, row.availableYards);
  }
  for (const list of byMaterial.values()) list.sort((a, b) => a.batch.localeCompare(b.batch));
  const materials = rows.map((r) => ({ id: r.materialId, typeName: r.typeName, colorName: r.colorName }));
  return {
    choices: materialChoices(materials),
    batchesOf: (materialId) => byMaterial.get(materialId) ?? [],
    availableOf: (materialId, batch) => byKey.get(`${materialId}\u0000${batch}`) ?? 0,
  };
}

/** Keeps a chosen value visible even when the current list no longer offers it (stock changed). */
export function withChosen(options: ComboboxOption[], value: string, label: string): ComboboxOption[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [{ value, label }, ...options];
}
