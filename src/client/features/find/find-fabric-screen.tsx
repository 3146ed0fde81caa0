import { useQuery } from "@tanstack/react-query";
import { SearchIcon } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "wouter";
import type { FindFabricAnswer } from "../../../domain/find-fabric-wire";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Combobox } from "../../components/ui/combobox";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { api, errorMessage } from "../../lib/api-client";
import { useMaterials } from "../materials/api/list-materials";
import { FilterSelect } from "../reports/components/filters-card";
import { positiveInt } from "../reports/use-url-filters";
import { useWarehouses } from "../warehouses/api/list-warehouses";
import { FindResults } from "./find-results";

const ALL_WAREHOUSES = "all_warehouses";

function useFindFabric(
  materialId: number | undefined,
  yards: number | undefined,
  warehouseId: number | undefined,
) {
  return useQuery({
    queryKey: ["rolls", "find", materialId, yards, warehouseId],
    enabled: materialId !== undefined && yards !== undefined,
    queryFn: () =>
      api.get<FindFabricAnswer>("/api/rolls/find", {
        query: { material: materialId, yards, warehouse: warehouseId },
      }),
  });
}

/** /inventory/find: which rolls cover the yards a job needs, alone or as one dye lot (CONTRACT.md section 9). */
export function FindFabricScreen() {
  const [params, setParams] = useSearchParams();
  const materialId = positiveInt(params.get("material"));
  const warehouseId = positiveInt(params.get("warehouse"));
  const yardsText = params.get("yards") ?? "";
  const yards = /^\d+(\.\d{1,2})?$/.test(yardsText) && Number(yardsText) > 0 ? Number(yardsText) : undefined;
  const [draftYards, setDraftYards] = useState(yardsText);
  const materials = useMaterials();
  const warehouses = useWarehouses();
  const found = useFindFabric(materialId, yards, warehouseId);
  const set = (key: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const yardsProblem =
    draftYards.trim() !== "" && !/^\d+(\.\d{1,2})?$/.test(draftYards.trim())
      ? "Enter yards greater than 0, with at most 2 decimals"
      : null;
  const material = materials.data?.find((m) => m.id === materialId);

  return (
    <>
      <PageHeader
        title="Find Fabric"
        description="Which rolls cover the yards a job needs, from one roll or one dye lot."
      />
      <div className="flex flex-col gap-6">
        <Card>
          <CardContent>
            <form
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                if (!yardsProblem) set("yards", draftYards.trim() || undefined);
              }}
            >
              <div className="grid min-w-0 gap-2">
                <Label htmlFor="find-material">Material</Label>
                <Combobox
                  id="find-material"
                  options={(materials.data ?? []).map((m) => ({
                    value: String(m.id),
                    label: `${m.typeName} / ${m.colorName}`,
                  }))}
                  value={materialId === undefined ? "" : String(materialId)}
                  onChange={(v) => set("material", v || undefined)}
                  placeholder="Choose a material"
                />
              </div>
              <div className="grid min-w-0 gap-2">
                <Label htmlFor="find-yards">Yards needed</Label>
                <Input
                  id="find-yards"
                  inputMode="decimal"
                  value={draftYards}
                  onChange={(e) => setDraftYards(e.target.value)}
                  onBlur={() => !yardsProblem && set("yards", draftYards.trim() || undefined)}
                  aria-invalid={yardsProblem !== null || undefined}
                  aria-describedby={yardsProblem ? "find-yards-problem" : undefined}
                  placeholder="e.g. 45"
                />
                {yardsProblem ? (
                  <p id="find-yards-problem" className="text-sm text-destructive">
                    {yardsProblem}
                  </p>
                ) : null}
              </div>
              <FilterSelect
                id="find-warehouse"
                label="Warehouse"
                value={warehouseId === undefined ? undefined : String(warehouseId)}
                allValue={ALL_WAREHOUSES}
                allLabel="All Warehouses"
                options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                onChange={(v) => set("warehouse", v)}
              />
              <Button type="submit">
                <SearchIcon aria-hidden="true" />
                Find
              </Button>
            </form>
          </CardContent>
        </Card>
        {materialId === undefined || yards === undefined ? (
          <p className="text-sm text-muted-foreground">Choose a material and the yards needed.</p>
        ) : found.isPending ? (
          <Skeleton className="h-48 w-full rounded-xl" />
        ) : found.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(found.error)}
          </p>
        ) : (
          <FindResults
            answer={found.data}
            yards={yards}
            materialId={materialId}
            what={material ? `${material.typeName} / ${material.colorName}` : ""}
          />
        )}
      </div>
    </>
  );
}
