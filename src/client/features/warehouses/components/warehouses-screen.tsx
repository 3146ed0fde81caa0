import { NAME_DEFAULT_SORT, WAREHOUSE_SORTS } from "../../../../domain/list-sorts";
import type { Warehouse } from "../../../../domain/warehouse";
import { t } from "../../../i18n";
import { useUrlSort } from "../../../lib/use-url-sort";
import { NameWithArchived } from "../../master-data/archived-badge";
import { WAREHOUSE_WORDS } from "../../master-data/entity-words";
import { MasterDataScreen } from "../../master-data/master-data-screen";
import type { MasterDataColumn } from "../../master-data/master-data-table";
import { useSortedList } from "../../master-data/use-sorted-list";
import { useDeleteWarehouse } from "../api/delete-warehouse";
import { warehousesQueryOptions } from "../api/list-warehouses";
import { useUpdateWarehouse } from "../api/update-warehouse";
import { WarehouseForm } from "./warehouse-form";

// Built while rendering: the headers follow the language of the moment.
const columns = (): MasterDataColumn<Warehouse>[] => [
  {
    header: t("warehouses.id"),
    cell: (w) => w.id,
    className: "w-16 tabular-nums text-muted-foreground max-sm:hidden",
  },
  {
    header: t("warehouses.name"),
    cell: (w) => <NameWithArchived name={w.name} archived={!w.isActive} />,
    className: "font-medium max-sm:whitespace-normal max-sm:break-words",
    sort: "name",
  },
  {
    header: t("warehouses.location"),
    cell: (w) => w.location ?? "",
    className: "whitespace-normal sm:min-w-40",
    sort: "location",
  },
];

/** /setup/warehouses: Warehouse Management (spec section 2). */
export function WarehousesScreen() {
  const { sorting, query } = useUrlSort(WAREHOUSE_SORTS, NAME_DEFAULT_SORT);
  const warehouses = useSortedList<Warehouse>(
    // The setup screen lists archived ones too (marked); the pickers use the default list.
    warehousesQueryOptions({ includeArchived: true }),
    "/api/warehouses",
    query,
    { includeArchived: true },
  );
  const update = useUpdateWarehouse();
  const remove = useDeleteWarehouse();
  return (
    <MasterDataScreen
      title={t("warehouses.title")}
      description={t("warehouses.description")}
      words={WAREHOUSE_WORDS}
      listTitle={t("warehouses.listTitle")}
      list={warehouses}
      columns={columns()}
      emptyText={t("warehouses.empty")}
      itemName={(w) => w.name}
      form={WarehouseForm}
      formDescription={(w) =>
        w ? t("warehouses.editDescription", { name: w.name }) : t("warehouses.addDescription")
      }
      deleteItem={remove.mutateAsync}
      sorting={sorting}
      historyEntity="warehouse"
      archive={{
        isArchived: (w) => !w.isActive,
        setActive: (w, isActive) =>
          update.mutateAsync({ id: w.id, input: { name: w.name, location: w.location, isActive } }),
      }}
    />
  );
}
