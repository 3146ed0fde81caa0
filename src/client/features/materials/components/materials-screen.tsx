import type { Material } from "../../../../domain/material";
import { materialLabel } from "../../../../domain/names";
import { MATERIAL_WORDS } from "../../master-data/entity-words";
import { MasterDataScreen } from "../../master-data/master-data-screen";
import type { MasterDataColumn } from "../../master-data/master-data-table";
import { useDeleteMaterial } from "../api/delete-material";
import { useMaterials } from "../api/list-materials";
import { ColorSwatch } from "./color-swatch";
import { MaterialForm } from "./material-form";
import { MaterialsSummary } from "./materials-summary";

const COLUMNS: MasterDataColumn<Material>[] = [
  { header: "ID", cell: (m) => m.id, className: "w-16 tabular-nums text-muted-foreground" },
  { header: "Type", cell: (m) => m.typeName, className: "font-medium" },
  { header: "Color", cell: (m) => m.colorName },
  {
    header: "Color Code",
    cell: (m) => (
      <span className="flex items-center gap-2">
        <ColorSwatch code={m.colorCode} />
        {m.colorCode ? (
          <span className="font-mono text-xs">{m.colorCode}</span>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </span>
    ),
  },
];

/** /setup/materials: Material Management (spec section 2). */
export function MaterialsScreen() {
  const materials = useMaterials();
  const remove = useDeleteMaterial();
  return (
    <MasterDataScreen
      title="Material Management"
      description="Fabric materials: each is a type in one color."
      words={MATERIAL_WORDS}
      listTitle="Materials"
      list={materials}
      columns={COLUMNS}
      emptyText="No materials found. Add a material to get started."
      itemName={materialLabel}
      form={MaterialForm}
      formDescription={(m) =>
        m ? `Change the details of ${materialLabel(m)}.` : "Enter the new material's type and color."
      }
      deleteItem={remove.mutateAsync}
    >
      <MaterialsSummary materials={materials.data} loading={materials.isPending} />
    </MasterDataScreen>
  );
}
