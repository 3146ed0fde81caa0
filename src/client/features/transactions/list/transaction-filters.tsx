import { useEffect, useMemo, useState } from "react";
import { COST_CORRECTION_KIND } from "../../../../domain/cost-correction-kind";
import { materialLabel } from "../../../../domain/names";
import { TRANSACTION_KINDS } from "../../../../domain/transaction-kinds";
import { SearchField, useDebouncedFilter } from "../../../components/search-field";
import { Combobox } from "../../../components/ui/combobox";
import { DatePicker } from "../../../components/ui/date-picker";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { useT } from "../../../i18n";
import { useMaterials } from "../../materials/api/list-materials";
import { FiltersCard } from "../../reports/components/filters-card";
import { useWarehouses } from "../../warehouses/api/list-warehouses";
import type { useListFilters } from "./use-list-filters";

const ALL_TYPES = "all_types";
const ALL_MATERIALS = "all_materials";
const ALL_WAREHOUSES = "all_warehouses";

/**
 * The "Transaction Filters" card: type, start and end date, material, warehouse, batch, Reset.
 * The Transaction History report has no end date (spec section 2): `showEndDate={false}`.
 */
export function TransactionFilters({
  state,
  showEndDate = true,
}: {
  state: ReturnType<typeof useListFilters>;
  showEndDate?: boolean;
}) {
  const { t } = useT();
  const { filters, setFilter, reset, active } = state;
  const materials = useMaterials();
  const warehouses = useWarehouses();
  const materialOptions = useMemo(
    () => [
      { value: ALL_MATERIALS, label: t("transactionList.filters.allMaterials") },
      ...(materials.data ?? [])
        .map((m) => ({ value: String(m.id), label: materialLabel(m), keywords: m.colorCode ?? undefined }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    ],
    [materials.data, t],
  );

  // The batch and the search are free text: they reach the URL (and the server) once typing pauses.
  const [batch, setBatch] = useState(filters.batch ?? "");
  const [search, setSearch] = useDebouncedFilter(filters.q, (v) => setFilter("q", v));
  useEffect(() => {
    const next = batch.trim() || undefined;
    if (next === filters.batch) return;
    const timer = setTimeout(() => setFilter("batch", next), 300);
    return () => clearTimeout(timer);
  }, [batch, filters.batch, setFilter]);

  // The card's own fields (the history report has no end date).
  const activeCount = (Object.keys(filters) as (keyof typeof filters)[]).filter(
    (k) => filters[k] !== undefined && (showEndDate || k !== "endDate"),
  ).length;

  return (
    <FiltersCard
      title={t("transactionList.filters.title")}
      description={t("transactionList.filters.description")}
      canReset={active || batch !== "" || search !== ""}
      onReset={() => {
        setBatch("");
        setSearch("");
        reset();
      }}
      activeCount={activeCount}
      className={showEndDate ? "lg:grid-cols-6" : "lg:grid-cols-5"}
    >
      <SearchField
        id="filter-q"
        value={search}
        onChange={setSearch}
        placeholder={t("transactionList.filters.searchPlaceholder")}
        className={showEndDate ? "sm:col-span-2 lg:col-span-6" : "sm:col-span-2 lg:col-span-5"}
      />
      <div className="grid gap-2">
        <Label htmlFor="filter-type">{t("transactionList.filters.type")}</Label>
        <Select
          value={filters.type ?? ALL_TYPES}
          onValueChange={(v) => setFilter("type", v === ALL_TYPES ? undefined : v)}
        >
          <SelectTrigger id="filter-type">
            <SelectValue placeholder={t("transactionList.filters.allTypes")} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_TYPES}>{t("transactionList.filters.allTypes")}</SelectItem>
            {/* Cost corrections are stored as receipts of 0 yards; the Receive choice leaves them out. */}
            {[...TRANSACTION_KINDS, COST_CORRECTION_KIND].map((k) => (
              <SelectItem key={k} value={k}>
                {t(`common.kind.${k}.label`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-start">{t("transactionList.filters.startDate")}</Label>
        <DatePicker id="filter-start" value={filters.startDate} onChange={(v) => setFilter("startDate", v)} />
      </div>
      {showEndDate && (
        <div className="grid gap-2">
          <Label htmlFor="filter-end">{t("transactionList.filters.endDate")}</Label>
          <DatePicker id="filter-end" value={filters.endDate} onChange={(v) => setFilter("endDate", v)} />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor="filter-material">{t("transactionList.filters.material")}</Label>
        <Combobox
          id="filter-material"
          options={materialOptions}
          value={filters.material ? String(filters.material) : ALL_MATERIALS}
          onChange={(v) => setFilter("material", v === ALL_MATERIALS ? undefined : v)}
          placeholder={t("transactionList.filters.allMaterials")}
          searchPlaceholder={t("transactionList.filters.searchMaterials")}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-warehouse">{t("transactionList.filters.warehouse")}</Label>
        <Select
          value={filters.warehouse ? String(filters.warehouse) : ALL_WAREHOUSES}
          onValueChange={(v) => setFilter("warehouse", v === ALL_WAREHOUSES ? undefined : v)}
        >
          <SelectTrigger id="filter-warehouse">
            <SelectValue placeholder={t("transactionList.filters.allWarehouses")} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_WAREHOUSES}>{t("transactionList.filters.allWarehouses")}</SelectItem>
            {warehouses.data?.map((w) => (
              <SelectItem key={w.id} value={String(w.id)}>
                {w.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-batch">{t("transactionList.filters.batch")}</Label>
        <Input
          id="filter-batch"
          value={batch}
          onChange={(e) => setBatch(e.target.value)}
          placeholder={t("transactionList.filters.batchPlaceholder")}
          autoComplete="off"
        />
      </div>
    </FiltersCard>
  );
}
