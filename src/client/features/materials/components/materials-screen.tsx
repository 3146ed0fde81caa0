import { MATERIAL_SORTS, TYPE_DEFAULT_SORT } from "../../../../domain/list-sorts";
import type { Material } from "../../../../domain/material";
import { materialLabel } from "../../../../domain/names";
import { useUrlSort } from "../../../lib/use-url-sort";
import { NameWithArchived } from "../../master-data/archived-badge";
import { MATERIAL_WORDS } from "../../master-data/entity-words";
import { MasterDataScreen } from "../../master-data/master-data-screen";
import type { MasterDataColumn } from "../../master-data/master-data-table";
import { useSortedList } from "../../master-data/use-sorted-list";
import { useDeleteMaterial } from "../api/delete-material";
import { materialsQueryOptions } from "../api/list-materials";
import { useUpdateMaterial } from "../api/update-material";
import { ColorSwatch } from "./color-swatch";
import { MaterialForm } from "./material-form";
import { MaterialsSummary } from "./materials-summary";

const COLUMNS: MasterDataColumn<Material>[] = [
  { header: "ID", cell: (m) => m.id, className: "w-16 tabular-nums text-muted-foreground max-sm:hidden" },
  {
    header: "Type",
    cell: (m) => <NameWithArchived name={m.typeName} archived={!m.isActive} />,
    className: "font-medium max-sm:whitespace-normal max-sm:break-words",
    sort: "typeName",
  },
  { header: "Color", cell: (m) => m.colorName, sort: "colorName" },
  {
    header: "Color Code",
    sort: "colorCode",
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
  const { sorting, query } = useUrlSort(MATERIAL_SORTS, TYPE_DEFAULT_SORT);
  const materials = useSortedList<Material>(
    // The setup screen lists archived ones too (marked); the pickers use the default list.
    materialsQueryOptions({ includeArchived: true }),
    "/api/materials",
    query,
    { includeArchived: true },
  );
  const update = useUpdateMaterial();
  const remove = useDeleteMaterial();
  return (
    <MasterDataScreen
      title="Material Management"
      description="Fabric materials: each is a type in one color."
      words={MATERIAL_WORDS}
      listTitle="Materials"
      list={materials}
      sorting={sorting}
      historyEntity="material"
      columns={COLUMNS}
      emptyText="No materials found. Add a material to get started."
      itemName={materialLabel}
      form={MaterialForm}
      formDescription={(m) =>
        m ? `Change the details of ${materialLabel(m)}.` : "Enter the new material's type and color."
      }
      deleteItem={remove.mutateAsync}
      archive={{
        isArchived: (m) => !m.isActive,
        setActive: ({ id, typeName, colorName, colorCode }, isActive) =>
          update.mutateAsync({ id, input: { typeName, colorName, colorCode, isActive } }),
      }}
    >
      <MaterialsSummary materials={materials.data?.filter((m) => m.isActive)} loading={materials.isPending} />
    </MasterDataScreen>
  );
}
