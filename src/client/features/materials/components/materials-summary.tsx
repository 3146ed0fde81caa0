import { LayersIcon, PaletteIcon } from "lucide-react";
import type { Material } from "../../../../domain/material";
import { nameKey } from "../../../../domain/names";
import { StatCard } from "../../../components/stat-card";

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
  const list = materials ?? [];
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4">
      <StatCard
        title="Total Material Types"
        value={countDistinct(list.map((m) => m.typeName))}
        caption="distinct material types"
        icon={LayersIcon}
        loading={loading}
      />
      <StatCard
        title="Total Colors"
        value={countDistinct(list.map((m) => m.colorName))}
        caption="distinct colors"
        icon={PaletteIcon}
        loading={loading}
      />
    </div>
  );
}
