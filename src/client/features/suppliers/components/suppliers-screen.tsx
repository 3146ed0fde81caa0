import type { Supplier } from "../../../../domain/supplier";
import { SUPPLIER_WORDS } from "../../master-data/entity-words";
import { MasterDataScreen } from "../../master-data/master-data-screen";
import type { MasterDataColumn } from "../../master-data/master-data-table";
import { useDeleteSupplier } from "../api/delete-supplier";
import { useSuppliers } from "../api/list-suppliers";
import { SupplierForm } from "./supplier-form";

const COLUMNS: MasterDataColumn<Supplier>[] = [
  { header: "ID", cell: (s) => s.id, className: "w-16 tabular-nums text-muted-foreground" },
  { header: "Name", cell: (s) => s.name, className: "font-medium" },
  {
    header: "Contact Information",
    cell: (s) => s.contactInfo ?? "",
    className: "min-w-48 whitespace-pre-line",
  },
];

/** /setup/suppliers: Supplier Management (spec section 2). */
export function SuppliersScreen() {
  const suppliers = useSuppliers();
  const remove = useDeleteSupplier();
  return (
    <MasterDataScreen
      title="Supplier Management"
      description="The companies fabric is received from and returned to."
      words={SUPPLIER_WORDS}
      listTitle="Suppliers"
      list={suppliers}
      columns={COLUMNS}
      emptyText="No suppliers found. Add a supplier to get started."
      itemName={(s) => s.name}
      form={SupplierForm}
      formDescription={(s) => (s ? `Change the details of ${s.name}.` : "Enter the new supplier's details.")}
      deleteItem={remove.mutateAsync}
    />
  );
}
