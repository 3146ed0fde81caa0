import { NAME_DEFAULT_SORT, SUPPLIER_SORTS } from "../../../../domain/list-sorts";
import type { Supplier } from "../../../../domain/supplier";
import { t } from "../../../i18n";
import { useUrlSort } from "../../../lib/use-url-sort";
import { NameWithArchived } from "../../master-data/archived-badge";
import { SUPPLIER_WORDS } from "../../master-data/entity-words";
import { MasterDataScreen } from "../../master-data/master-data-screen";
import type { MasterDataColumn } from "../../master-data/master-data-table";
import { useSortedList } from "../../master-data/use-sorted-list";
import { useDeleteSupplier } from "../api/delete-supplier";
import { suppliersQueryOptions } from "../api/list-suppliers";
import { useUpdateSupplier } from "../api/update-supplier";
import { SupplierForm } from "./supplier-form";

// Built while rendering: the headers follow the language of the moment.
const columns = (): MasterDataColumn<Supplier>[] => [
  {
    header: t("suppliers.id"),
    cell: (s) => s.id,
    className: "w-16 tabular-nums text-muted-foreground max-sm:hidden",
  },
  {
    header: t("suppliers.name"),
    cell: (s) => <NameWithArchived name={s.name} archived={!s.isActive} />,
    className: "font-medium max-sm:whitespace-normal max-sm:break-words",
    sort: "name",
  },
  {
    header: t("suppliers.contact"),
    cell: (s) => s.contactInfo ?? "",
    className: "whitespace-pre-line sm:min-w-48",
    sort: "contactInfo",
  },
];

/** /setup/suppliers: Supplier Management (spec section 2). */
export function SuppliersScreen() {
  const { sorting, query } = useUrlSort(SUPPLIER_SORTS, NAME_DEFAULT_SORT);
  const suppliers = useSortedList<Supplier>(
    // The setup screen lists archived ones too (marked); the pickers use the default list.
    suppliersQueryOptions({ includeArchived: true }),
    "/api/suppliers",
    query,
    { includeArchived: true },
  );
  const update = useUpdateSupplier();
  const remove = useDeleteSupplier();
  return (
    <MasterDataScreen
      title={t("suppliers.title")}
      description={t("suppliers.description")}
      words={SUPPLIER_WORDS}
      listTitle={t("suppliers.listTitle")}
      list={suppliers}
      columns={columns()}
      emptyText={t("suppliers.empty")}
      itemName={(s) => s.name}
      form={SupplierForm}
      formDescription={(s) =>
        s ? t("suppliers.editDescription", { name: s.name }) : t("suppliers.addDescription")
      }
      deleteItem={remove.mutateAsync}
      sorting={sorting}
      historyEntity="supplier"
      archive={{
        isArchived: (s) => !s.isActive,
        setActive: (s, isActive) =>
          update.mutateAsync({ id: s.id, input: { name: s.name, contactInfo: s.contactInfo, isActive } }),
      }}
    />
  );
}
