import { useQuery } from "@tanstack/react-query";
import { SearchIcon } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "wouter";
import type { FindFabricAnswer } from "../../../domain/find-fabric-wire";
import { LengthInput } from "../../components/length-field";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Combobox } from "../../components/ui/combobox";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { useT } from "../../i18n";
import { api, errorMessage } from "../../lib/api-client";
import { lengthErrorKey, lengthToText, parseTypedLength } from "../../lib/format";
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

/**
 * The wanted length as typed, in the user's unit and decimal mark: the yards to ask the API for, or
 * the catalog key of what is wrong with it; nothing when the box is empty.
 */
function wantedYards(text: string): { yards?: number; problem?: string } {
  if (text.trim() === "") return {};
  const parsed = parseTypedLength(text);
  if (!parsed.ok) return { problem: lengthErrorKey(parsed.error) };
  return parsed.yards > 0 ? { yards: parsed.yards } : { problem: "find.lengthPositive" };
}

/**
 * /inventory/find: which rolls cover the length a job needs, alone or as one dye lot (CONTRACT.md
 * section 9). The address keeps yards (`yards=`), as the API does; the box speaks the user's unit.
 */
export function FindFabricScreen() {
  const { t, lengthUnit } = useT();
  const [params, setParams] = useSearchParams();
  const materialId = positiveInt(params.get("material"));
  const warehouseId = positiveInt(params.get("warehouse"));
  const yardsText = params.get("yards") ?? "";
  const yards = /^\d+(\.\d{1,2})?$/.test(yardsText) && Number(yardsText) > 0 ? Number(yardsText) : undefined;
  const [draft, setDraft] = useState(() => (yards === undefined ? yardsText : lengthToText(yards)));
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
  const wanted = wantedYards(draft);
  const yardsProblem = wanted.problem ? t(wanted.problem) : null;
  const takeDraft = () => {
    if (!yardsProblem) set("yards", wanted.yards === undefined ? undefined : String(wanted.yards));
  };
  const material = materials.data?.find((m) => m.id === materialId);

  return (
    <>
      <PageHeader title={t("find.title")} description={t("find.description", { unit: lengthUnit })} />
      <div className="flex flex-col gap-6">
        <Card>
          <CardContent>
            <form
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                takeDraft();
              }}
            >
              <div className="grid min-w-0 gap-2">
                <Label htmlFor="find-material">{t("find.material")}</Label>
                <Combobox
                  id="find-material"
                  options={(materials.data ?? []).map((m) => ({
                    value: String(m.id),
                    label: `${m.typeName} / ${m.colorName}`,
                  }))}
                  value={materialId === undefined ? "" : String(materialId)}
                  onChange={(v) => set("material", v || undefined)}
                  placeholder={t("find.chooseMaterial")}
                />
              </div>
              <div className="grid min-w-0 gap-2">
                <Label htmlFor="find-yards">{t("find.lengthNeeded", { unit: lengthUnit })}</Label>
                <LengthInput
                  id="find-yards"
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  onBlur={takeDraft}
                  aria-invalid={yardsProblem !== null || undefined}
                  aria-describedby={yardsProblem ? "find-yards-problem" : undefined}
                  placeholder={t("find.lengthPlaceholder")}
                />
                {yardsProblem ? (
                  <p id="find-yards-problem" className="text-sm text-destructive">
                    {yardsProblem}
                  </p>
                ) : null}
              </div>
              <FilterSelect
                id="find-warehouse"
                label={t("find.warehouse")}
                value={warehouseId === undefined ? undefined : String(warehouseId)}
                allValue={ALL_WAREHOUSES}
                allLabel={t("find.allWarehouses")}
                options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                onChange={(v) => set("warehouse", v)}
              />
              <Button type="submit">
                <SearchIcon aria-hidden="true" />
                {t("find.find")}
              </Button>
            </form>
          </CardContent>
        </Card>
        {materialId === undefined || yards === undefined ? (
          <p className="text-sm text-muted-foreground">{t("find.prompt", { unit: lengthUnit })}</p>
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
