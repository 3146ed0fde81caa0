import { LayersIcon, PaletteIcon } from "lucide-react";
import type { Material } from "../../../../domain/material";
import { nameKey } from "../../../../domain/names";
import { StatCard } from "../../../components/stat-card";
import { useT } from "../../../i18n";
import { formatNumber } from "../../../lib/format";

/** Distinct names, compared as the server compares them (trimmed, case-insensitive). */
function countDistinct(names: string[]): number {
  return new Set(names.map(nameKey)).size;
}

/** The spec's summary: total material types (distinct type names) and total colors (distinct color names). */
export function MaterialsSummary({
  materials,
  loading,
}: {
  materials: Material[] | undefined;
  loading: boolean;
}) {
  const { t } = useT();
  const list = materials ?? [];
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4">
      <StatCard
        title={t("materials.summary.types")}
        value={formatNumber(countDistinct(list.map((m) => m.typeName)))}
        caption={t("materials.summary.typesCaption")}
        icon={LayersIcon}
        loading={loading}
      />
      <StatCard
        title={t("materials.summary.colors")}
        value={formatNumber(countDistinct(list.map((m) => m.colorName)))}
        caption={t("materials.summary.colorsCaption")}
        icon={PaletteIcon}
        loading={loading}
      />
    </div>
  );
}
