import { RotateCcwIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { materialLabel } from "../../../../domain/names";
import { KIND_INFO, TRANSACTION_KINDS } from "../../../../domain/transaction-kinds";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Combobox } from "../../../components/ui/combobox";
import { DatePicker } from "../../../components/ui/date-picker";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { useMaterials } from "../../materials/api/list-materials";
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
  const { filters, setFilter, reset, active } = state;
  const materials = useMaterials();
  const warehouses = useWarehouses();
  const materialOptions = useMemo(
    () => [
      { value: ALL_MATERIALS, label: "All Materials" },
      ...(materials.data ?? [])
        .map((m) => ({ value: String(m.id), label: materialLabel(m), keywords: m.colorCode ?? undefined }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    ],
    [materials.data],
  );

  // The batch is free text: it reaches the URL (and the server) once typing pauses.
  const [batch, setBatch] = useState(filters.batch ?? "");
  useEffect(() => {
    const next = batch.trim() || undefined;
    if (next === filters.batch) return;
    const timer = setTimeout(() => setFilter("batch", next), 300);
    return () => clearTimeout(timer);
  }, [batch, filters.batch, setFilter]);

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Transaction Filters</CardTitle>
          <CardDescription>Filter by type, date, or material properties</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={!active && !batch}
          onClick={() => {
            setBatch("");
            reset();
          }}
        >
          <RotateCcwIcon aria-hidden="true" />
          Reset Filters
        </Button>
      </CardHeader>
      <CardContent
        className={`grid gap-4 sm:grid-cols-2 ${showEndDate ? "lg:grid-cols-6" : "lg:grid-cols-5"}`}
      >
        <div className="grid gap-2">
          <Label htmlFor="filter-type">Transaction Type</Label>
          <Select
            value={filters.type ?? ALL_TYPES}
            onValueChange={(v) => setFilter("type", v === ALL_TYPES ? undefined : v)}
          >
            <SelectTrigger id="filter-type">
              <SelectValue placeholder="All Types" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_TYPES}>All Types</SelectItem>
              {TRANSACTION_KINDS.map((k) => (
                <SelectItem key={k} value={k}>
                  {KIND_INFO[k].type}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filter-start">Start Date</Label>
          <DatePicker
            id="filter-start"
            value={filters.startDate}
            onChange={(v) => setFilter("startDate", v)}
          />
        </div>
        {showEndDate && (
          <div className="grid gap-2">
            <Label htmlFor="filter-end">End Date</Label>
            <DatePicker id="filter-end" value={filters.endDate} onChange={(v) => setFilter("endDate", v)} />
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor="filter-material">Material</Label>
          <Combobox
            id="filter-material"
            options={materialOptions}
            value={filters.material ? String(filters.material) : ALL_MATERIALS}
            onChange={(v) => setFilter("material", v === ALL_MATERIALS ? undefined : v)}
            placeholder="All Materials"
            searchPlaceholder="Search materials..."
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filter-warehouse">Warehouse</Label>
          <Select
            value={filters.warehouse ? String(filters.warehouse) : ALL_WAREHOUSES}
            onValueChange={(v) => setFilter("warehouse", v === ALL_WAREHOUSES ? undefined : v)}
          >
            <SelectTrigger id="filter-warehouse">
              <SelectValue placeholder="All Warehouses" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_WAREHOUSES}>All Warehouses</SelectItem>
              {warehouses.data?.map((w) => (
                <SelectItem key={w.id} value={String(w.id)}>
                  {w.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filter-batch">Batch</Label>
          <Input
            id="filter-batch"
            value={batch}
            onChange={(e) => setBatch(e.target.value)}
            placeholder="Batch Number"
            autoComplete="off"
          />
        </div>
      </CardContent>
    </Card>
  );
}
