import { MATERIAL_SORTS, TYPE_DEFAULT_SORT } from "../../../../domain/list-sorts";
import type { Material } from "../../../../domain/material";
import { materialLabel } from "../../../../domain/names";
import { t } from "../../../i18n";
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

// Built while rendering: the headers follow the language of the moment.
const columns = (): MasterDataColumn<Material>[] => [
  {
    header: t("materials.id"),
    cell: (m) => m.id,
    className: "w-16 tabular-nums text-muted-foreground max-sm:hidden",
  },
  {
    header: t("materials.type"),
    cell: (m) => <NameWithArchived name={m.typeName} archived={!m.isActive} />,
    className: "font-medium max-sm:whitespace-normal max-sm:break-words",
    sort: "typeName",
  },
  { header: t("materials.color"), cell: (m) => m.colorName, sort: "colorName" },
  {
    header: t("materials.colorCode"),
    sort: "colorCode",
    cell: (m) => (
      <span className="flex items-center gap-2">
        <ColorSwatch code={m.colorCode} />
        {m.colorCode ? (
          <span className="font-mono text-xs">{m.colorCode}</span>
        ) : (
          <span className="text-muted-foreground">{t("materials.none")}</span>
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
      title={t("materials.title")}
      description={t("materials.description")}
      words={MATERIAL_WORDS}
      listTitle={t("materials.listTitle")}
      list={materials}
      sorting={sorting}
      historyEntity="material"
      columns={columns()}
      emptyText={t("materials.empty")}
      itemName={materialLabel}
      form={MaterialForm}
      formDescription={(m) =>
        m ? t("materials.editDescription", { name: materialLabel(m) }) : t("materials.addDescription")
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
