import { errorText } from "../../../domain/error-text";
import { MATERIAL_SORTS, TYPE_DEFAULT_SORT } from "../../../domain/list-sorts";
import {
  MaterialInputSchema,
  MaterialSchema,
  MaterialUpdateSchema,
  materialLabel,
} from "../../../domain/material";
import { yardsToCenti } from "../../../domain/yards";
import { conflict } from "../../lib/http-errors";
import { assertNoStock, lockForArchive } from "../archive";
import { masterDataRoutes } from "../master-data-routes";
import { MATERIAL_COLUMNS } from "./materials.export";
import {
  deleteMaterial,
  findMaterialById,
  findMaterialByName,
  insertMaterial,
  listMaterials,
  updateMaterial,
} from "./materials.repository";
import { lockMaterialBalances, restatusMaterialRolls } from "./remnant-limit";

/** Materials (type + color): anyone signed in reads, only an admin changes (CONTRACT.md section 6). */
export const materialRoutes = masterDataRoutes({
  entity: "material",
  plural: "materials",
  title: "Materials",
  schemas: { record: MaterialSchema, input: MaterialInputSchema, update: MaterialUpdateSchema },
  sorts: MATERIAL_SORTS,
  defaultSort: TYPE_DEFAULT_SORT,
  summaries: {
    list: "List materials, ordered by type and color",
    sortedBy: "by type, then color",
    one: "One material (archived ones too)",
    add: "Add a material (a type and color)",
    change: "Change a material",
    remove: "Delete a material that no transaction, stock balance or threshold refers to",
  },
  columns: MATERIAL_COLUMNS,
  notFound: errorText("MATERIAL_NOT_FOUND"),
  label: (material) => `Material "${materialLabel(material)}"`,
  unnamed: "This material",
  /** A unique violation on (type_key, color_key) names the material that exists. */
  duplicate: async (db, names) => {
    const existing = await findMaterialByName(db, names);
    throw conflict(errorText("MATERIAL_EXISTS", { name: materialLabel(existing ?? names) }), "DUPLICATE");
  },
  repo: {
    list: listMaterials,
    findById: findMaterialById,
    insert: insertMaterial,
    update: updateMaterial,
    remove: deleteMaterial,
  },
  onUpdate: {
    // A new remnant limit re-statuses the rolls: the balances are locked first, as postings do.
    lock: async (trx, id, body, dialect) => {
      // The material row before its balances, the order a posting takes them in (it holds a key
      // share on the row while it waits for a balance): else a limit change and a posting deadlock.
      if (body.isActive === false || body.remnantBelowYards !== undefined)
        await lockForArchive(trx, dialect, "materials", id);
      if (body.remnantBelowYards !== undefined) await lockMaterialBalances(trx, dialect, id);
    },
    check: async (trx, before, body) => {
      if (body.isActive === false && before.isActive)
        await assertNoStock(trx, "material", before.id, `Material "${materialLabel(before)}"`);
    },
    after: async (trx, before, _after, body) => {
      const limit = body.remnantBelowYards;
      if (limit !== undefined && limit !== before.remnantBelowYards)
        await restatusMaterialRolls(trx, before.id, yardsToCenti(limit));
    },
  },
});
