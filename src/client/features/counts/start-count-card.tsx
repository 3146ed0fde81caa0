import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { useT } from "../../i18n";
import { errorMessage } from "../../lib/api-client";
import { useMaterials } from "../materials/api/list-materials";
import { useWarehouses } from "../warehouses/api/list-warehouses";
import { useStartCount } from "./counts-api";
import { SimpleSelect } from "./simple-select";

const ALL = "all";

/** Start a count: a warehouse, optionally some bins and one material, blind unless the clerk says not. */
export function StartCountCard() {
  const { t } = useT();
  const [, navigate] = useLocation();
  const warehouses = useWarehouses();
  const materials = useMaterials();
  const start = useStartCount();
  const [warehouseId, setWarehouseId] = useState("");
  const [bins, setBins] = useState("");
  const [materialId, setMaterialId] = useState(ALL);
  const [blind, setBlind] = useState(true);
  const [error, setError] = useState<string | null>(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!warehouseId) {
      setError(t("counts.start.warehouseRequired"));
      return;
    }
    const binList = bins
      .split(",")
      .map((b) => b.trim())
      .filter(Boolean);
    start.mutate(
      {
        warehouseId: Number(warehouseId),
        blind,
        ...(binList.length > 0 ? { bins: binList } : {}),
        ...(materialId !== ALL ? { materialIds: [Number(materialId)] } : {}),
      },
      {
        onSuccess: (session) => navigate(`/counts/${session.id}/count`),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  }

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{t("counts.start.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <SimpleSelect
            label={t("counts.start.warehouse")}
            value={warehouseId}
            onChange={(v) => {
              setWarehouseId(v);
              setError(null);
            }}
            placeholder={t("counts.start.warehousePlaceholder")}
            options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
          />
          <div className="grid gap-2">
            <Label htmlFor="count-bins">{t("counts.start.bins")}</Label>
            <Input
              id="count-bins"
              value={bins}
              onChange={(e) => setBins(e.target.value)}
              placeholder={t("counts.start.binsPlaceholder")}
            />
          </div>
          <SimpleSelect
            label={t("counts.start.material")}
            value={materialId}
            onChange={setMaterialId}
            options={[
              { value: ALL, label: t("counts.start.allMaterials") },
              ...(materials.data ?? []).map((m) => ({
                value: String(m.id),
                label: `${m.typeName} · ${m.colorName}`,
              })),
            ]}
          />
          <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-4">
            <Switch id="count-blind" checked={blind} onCheckedChange={setBlind} />
            <Label htmlFor="count-blind">{t("counts.start.blind")}</Label>
          </div>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? t("common.working") : t("counts.start.submit")}
            </Button>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
