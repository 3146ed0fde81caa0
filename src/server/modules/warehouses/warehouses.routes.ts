import { errorText } from "../../../domain/error-text";
import { NAME_DEFAULT_SORT, WAREHOUSE_SORTS } from "../../../domain/list-sorts";
import { WarehouseInputSchema, WarehouseSchema, WarehouseUpdateSchema } from "../../../domain/warehouse";
import { conflict } from "../../lib/http-errors";
import { assertNoStock, lockForArchive } from "../archive";
import { masterDataRoutes } from "../master-data-routes";
import { WAREHOUSE_COLUMNS } from "./warehouses.export";
import {
  deleteWarehouse,
  findWarehouseById,
  findWarehouseByName,
  insertWarehouse,
  listWarehouses,
  updateWarehouse,
} from "./warehouses.repository";

/** Warehouse master data: anyone signed in reads, only an admin changes (CONTRACT.md section 6). */
export const warehouseRoutes = masterDataRoutes({
  entity: "warehouse",
  plural: "warehouses",
  title: "Warehouses",
  schemas: { record: WarehouseSchema, input: WarehouseInputSchema, update: WarehouseUpdateSchema },
  sorts: WAREHOUSE_SORTS,
  defaultSort: NAME_DEFAULT_SORT,
  summaries: {
    list: "List warehouses, ordered by name",
    sortedBy: "by name",
    add: "Add a warehouse",
    change: "Change a warehouse",
    remove: "Delete a warehouse that no transaction or stock balance refers to",
  },
  columns: WAREHOUSE_COLUMNS,
  notFound: errorText("WAREHOUSE_NOT_FOUND"),
  label: (warehouse) => `Warehouse "${warehouse.name}"`,
  unnamed: "This warehouse",
  duplicate: async (db, { name }) => {
    const existing = await findWarehouseByName(db, name);
    throw conflict(errorText("WAREHOUSE_EXISTS", { name: existing?.name ?? name }), "DUPLICATE");
  },
  repo: {
    list: listWarehouses,
    findById: findWarehouseById,
    insert: insertWarehouse,
    update: updateWarehouse,
    remove: deleteWarehouse,
  },
  onUpdate: {
    lock: async (trx, id, body, dialect) => {
      if (body.isActive === false) await lockForArchive(trx, dialect, "warehouses", id);
    },
    // Archiving a warehouse that still holds stock would strand it (archive.ts).
    check: async (trx, before, body) => {
      if (body.isActive === false && before.isActive)
        await assertNoStock(trx, "warehouse", before.id, `Warehouse "${before.name}"`);
    },
  },
});
