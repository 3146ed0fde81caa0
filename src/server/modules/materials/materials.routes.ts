import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { MATERIAL_SORTS, TYPE_DEFAULT_SORT } from "../../../domain/list-sorts";
import {
  MaterialInputSchema,
  MaterialSchema,
  MaterialUpdateSchema,
  materialLabel,
} from "../../../domain/material";
import { localIsoDate } from "../../../domain/transaction";
import { yardsToCenti } from "../../../domain/yards";
import { withWriteTransaction } from "../../db/database";
import { exportResponse, sendExport } from "../../lib/export";
import { assertIdMatches, conflict, isUniqueViolation, notFound } from "../../lib/http-errors";
import { archiveFilter, assertNoStock, includeArchivedShape } from "../archive";
import { recordChange } from "../history/record";
import { assertNotReferenced, foreignKeyAsInUse } from "../references";
import { pickSort, sortedListQuery } from "../transactions/list-sort";
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

const tags = ["materials"];
const NOT_FOUND = "That material does not exist.";
const e = apiErrorSchema;

/** Materials (type + color): anyone signed in reads, only an admin changes (CONTRACT.md section 6). */
export const materialRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** A unique violation on (type_key, color_key) becomes 409 naming the material that exists. */
  const duplicate = async (
    error: unknown,
    names: { typeName: string; colorName: string },
  ): Promise<never> => {
    if (!isUniqueViolation(error)) throw error;
    const existing = await findMaterialByName(db.kysely, names);
    throw conflict(`Material "${materialLabel(existing ?? names)}" already exists.`, "DUPLICATE");
  };

  app.get(
    "/materials",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "List materials, ordered by type and color",
        querystring: sortedListQuery(MATERIAL_SORTS, "by type, then color").extend(includeArchivedShape),
        response: {
          200: exportResponse(z.array(MaterialSchema), "Materials (format=csv|xlsx: as a file)"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const rows = await listMaterials(
        db.kysely,
        pickSort(request.query, TYPE_DEFAULT_SORT),
        archiveFilter(request.query),
      );
      const { format } = request.query;
      if (format === undefined || format === "json") return rows;
      const file = { name: "materials", date: localIsoDate(app.config.now()), title: "Materials" };
      return sendExport(reply, format, file, MATERIAL_COLUMNS, rows);
    },
  );

  app.get(
    "/materials/:id",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "One material (archived ones too)",
        params: idParamsSchema,
        response: { 200: MaterialSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const material = await findMaterialById(db.kysely, request.params.id);
      if (!material) throw notFound(NOT_FOUND);
      return material;
    },
  );

  app.post(
    "/materials",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Add a material (a type and color)",
        body: MaterialInputSchema,
        response: { 201: MaterialSchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => {
      const at = app.config.now();
      const material = await withWriteTransaction(db, async (trx) => {
        const created = await insertMaterial(trx, request.body, at);
        await recordChange(trx, {
          entity: "material",
          entityId: created.id,
          before: null,
          after: created,
          by: request.user,
          at,
        });
        return created;
      }).catch((error) => duplicate(error, request.body));
      return reply.status(201).send(material);
    },
  );

  app.put(
    "/materials/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Change a material",
        params: idParamsSchema,
        body: MaterialUpdateSchema,
        response: { 200: MaterialSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertIdMatches(id, request.body.id);
      const { remnantBelowYards } = request.body;
      const material = await withWriteTransaction(db, async (trx) => {
        // A new remnant limit re-statuses the rolls: the balances are locked first, as postings do.
        if (remnantBelowYards !== undefined) await lockMaterialBalances(trx, db.dialect, id);
        const before = await findMaterialById(trx, id);
        if (!before) throw notFound(NOT_FOUND);
        if (request.body.isActive === false && before.isActive) {
          await assertNoStock(trx, "material", id, `Material "${materialLabel(before)}"`);
        }
        const after = await updateMaterial(trx, id, request.body);
        if (after && remnantBelowYards !== undefined && remnantBelowYards !== before.remnantBelowYards) {
          await restatusMaterialRolls(trx, id, yardsToCenti(remnantBelowYards));
        }
        const at = app.config.now();
        if (after)
          await recordChange(trx, { entity: "material", entityId: id, before, after, by: request.user, at });
        return after;
      }).catch((error) => duplicate(error, request.body));
      if (!material) throw notFound(NOT_FOUND);
      return material;
    },
  );

  app.delete(
    "/materials/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete a material that no transaction, stock balance or threshold refers to",
        params: idParamsSchema,
        response: { 204: z.null(), 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let label = "This material";
      await withWriteTransaction(db, async (trx) => {
        const material = await findMaterialById(trx, id);
        if (!material) throw notFound(NOT_FOUND);
        label = `Material "${materialLabel(material)}"`;
        await assertNotReferenced(trx, "material", id, label);
        await deleteMaterial(trx, id);
        const at = app.config.now();
        await recordChange(trx, {
          entity: "material",
          entityId: id,
          before: material,
          after: null,
          by: request.user,
          at,
        });
      }).catch(foreignKeyAsInUse(() => label));
      return reply.status(204).send(null);
    },
  );
};
