import { useEffect, useMemo, useState } from "react";
import { nameKey } from "../../../../domain/names";
import { Combobox } from "../../../components/ui/combobox";
import { useT } from "../../../i18n";
import { useMaterials } from "../../materials/api/list-materials";
import type { StockLevelFilters } from "../../stock/api/stock-level-filters";
import { useWarehouses } from "../../warehouses/api/list-warehouses";
import { useStockBatches } from "../api/stock-batches";
import { FilterField, type FilterOption, FilterSelect } from "./filters-card";

export type StockFilterKey = "type" | "color" | "batch" | "warehouse";

const ALL_BATCHES = "all_batches";

/** Distinct names as the server compares them (trimmed, case-insensitive), sorted. */
export function distinctNames(names: string[]): FilterOption[] {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(nameKey(name))) byKey.set(nameKey(name), name);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b)).map((n) => ({ value: n, label: n }));
}

/**
 * Material Type, Color, Batch and Warehouse of the stock screens. Types and colors are the
 * distinct names of the materials, warehouses the warehouse list, and batches the distinct batches
 * of the stock matching the other filters, from the server (not just the rows on this page): the
 * first 1,000, and as the user types, the ones containing the search text.
 */
export function StockFilterFields({
  filters,
  setFilter,
  idPrefix,
}: {
  filters: StockLevelFilters;
  setFilter: (key: StockFilterKey, value: string | undefined) => void;
  idPrefix: string;
}) {
  const { t } = useT();
  const materials = useMaterials();
  const warehouses = useWarehouses();
  const [batchSearch, setBatchSearch] = useState("");
  const [serverSearch, setServerSearch] = useState("");
  // One request per pause in typing, not per key.
  useEffect(() => {
    const timer = setTimeout(() => setServerSearch(batchSearch.trim()), 250);
    return () => clearTimeout(timer);
  }, [batchSearch]);
  const batches = useStockBatches(
    {
      type: filters.type,
      color: filters.color,
      warehouse: filters.warehouse,
      lowStock: filters.lowStock,
      includeEmpty: filters.includeEmpty,
    },
    serverSearch,
  );
  const types = useMemo(() => distinctNames((materials.data ?? []).map((m) => m.typeName)), [materials.data]);
  const colors = useMemo(
    () => distinctNames((materials.data ?? []).map((m) => m.colorName)),
    [materials.data],
  );
  const warehouseOptions = (warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }));
  const batchOptions = useMemo(() => {
    const list = batches.data ?? [];
    // The chosen batch stays choosable when the other filters no longer match it.
    const all = filters.batch && !list.includes(filters.batch) ? [filters.batch, ...list] : list;
    return [
      { value: ALL_BATCHES, label: t("reports.allBatches") },
      ...all.map((b) => ({ value: b, label: b })),
    ];
  }, [batches.data, filters.batch, t]);
  const searching = batchSearch.trim() !== serverSearch || batches.isFetching;
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <>
      <FilterSelect
        id={id("type")}
        label={t("reports.filter.materialType")}
        value={filters.type}
        allValue="all_types"
        allLabel={t("reports.filter.allTypes")}
        options={types}
        onChange={(v) => setFilter("type", v)}
      />
      <FilterSelect
        id={id("color")}
        label={t("reports.filter.color")}
        value={filters.color}
        allValue="all_colors"
        allLabel={t("reports.filter.allColors")}
        options={colors}
        onChange={(v) => setFilter("color", v)}
      />
      <FilterField id={id("batch")} label={t("reports.filter.batch")}>
        <Combobox
          id={id("batch")}
          options={batchOptions}
          value={filters.batch ?? ALL_BATCHES}
          onChange={(v) => setFilter("batch", v === ALL_BATCHES ? undefined : v)}
          placeholder={t("reports.allBatches")}
          searchPlaceholder={t("reports.filter.searchBatches")}
          onSearchChange={setBatchSearch}
          searching={searching}
          emptyText={t("reports.filter.noBatches")}
        />
      </FilterField>
      <FilterSelect
        id={id("warehouse")}
        label={t("reports.filter.warehouse")}
        value={filters.warehouse ? String(filters.warehouse) : undefined}
        allValue="all_warehouses"
        allLabel={t("reports.filter.allWarehouses")}
        options={warehouseOptions}
        onChange={(v) => setFilter("warehouse", v)}
      />
    </>
  );
}
