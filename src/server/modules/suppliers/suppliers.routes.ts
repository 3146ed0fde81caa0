import { errorText } from "../../../domain/error-text";
import { NAME_DEFAULT_SORT, SUPPLIER_SORTS } from "../../../domain/list-sorts";
import { SupplierInputSchema, SupplierSchema, SupplierUpdateSchema } from "../../../domain/supplier";
import { conflict } from "../../lib/http-errors";
import { masterDataRoutes } from "../master-data-routes";
import { SUPPLIER_COLUMNS } from "./suppliers.export";
import {
  deleteSupplier,
  findSupplierById,
  findSupplierByName,
  insertSupplier,
  listSuppliers,
  updateSupplier,
} from "./suppliers.repository";

/** Supplier master data: anyone signed in reads, only an admin changes (CONTRACT.md section 6). */
export const supplierRoutes = masterDataRoutes({
  entity: "supplier",
  plural: "suppliers",
  title: "Suppliers",
  schemas: { record: SupplierSchema, input: SupplierInputSchema, update: SupplierUpdateSchema },
  sorts: SUPPLIER_SORTS,
  defaultSort: NAME_DEFAULT_SORT,
  summaries: {
    list: "List suppliers, ordered by name",
    sortedBy: "by name",
    add: "Add a supplier",
    change: "Change a supplier",
    remove: "Delete a supplier that no transaction refers to",
  },
  columns: SUPPLIER_COLUMNS,
  notFound: errorText("SUPPLIER_NOT_FOUND"),
  label: (supplier) => `Supplier "${supplier.name}"`,
  unnamed: "This supplier",
  duplicate: async (db, { name }) => {
    const existing = await findSupplierByName(db, name);
    throw conflict(errorText("SUPPLIER_EXISTS", { name: existing?.name ?? name }), "DUPLICATE");
  },
  repo: {
    list: listSuppliers,
    findById: findSupplierById,
    insert: insertSupplier,
    update: updateSupplier,
    remove: deleteSupplier,
  },
});
