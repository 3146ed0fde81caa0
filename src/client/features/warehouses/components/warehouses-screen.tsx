import type { Warehouse } from "../../../../domain/warehouse";
import { WAREHOUSE_WORDS } from "../../master-data/entity-words";
import { MasterDataScreen } from "../../master-data/master-data-screen";
import type { MasterDataColumn } from "../../master-data/master-data-table";
import { useDeleteWarehouse } from "../api/delete-warehouse";
import { useWarehouses } from "../api/list-warehouses";
import { WarehouseForm } from "./warehouse-form";

const COLUMNS: MasterDataColumn<Warehouse>[] = [
  { header: "ID", cell: (w) => w.id, className: "w-16 tabular-nums text-muted-foreground" },
  { header: "Name", cell: (w) => w.name, className: "font-medium" },
  { header: "Location", cell: (w) => w.location ?? "", className: "min-w-40 whitespace-normal" },
];

/** /setup/warehouses: Warehouse Management (spec section 2). */
export function WarehousesScreen() {
  const warehouses = useWarehouses();
  const remove = useDeleteWarehouse();
  return (
    <MasterDataScreen
      title="Warehouse Management"
      description="The places where fabric stock is kept."
      words={WAREHOUSE_WORDS}
      listTitle="Warehouses"
      list={warehouses}
      columns={COLUMNS}
      emptyText="No warehouses found. Add a warehouse to get started."
      itemName={(w) => w.name}
      form={WarehouseForm}
      formDescription={(w) => (w ? `Change the details of ${w.name}.` : "Enter the new warehouse's details.")}
      deleteItem={remove.mutateAsync}
    />
  );
}
