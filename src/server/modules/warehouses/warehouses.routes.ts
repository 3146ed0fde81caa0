import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { NAME_DEFAULT_SORT, WAREHOUSE_SORTS } from "../../../domain/list-sorts";
import { localIsoDate } from "../../../domain/transaction";
import { WarehouseInputSchema, WarehouseSchema, WarehouseUpdateSchema } from "../../../domain/warehouse";
import { withWriteTransaction } from "../../db/database";
import { exportResponse, sendExport } from "../../lib/export";
import { assertIdMatches, conflict, isUniqueViolation, notFound } from "../../lib/http-errors";
import { archiveFilter, assertNoStock, includeArchivedShape } from "../archive";
import { recordChange } from "../history/record";
import { assertNotReferenced, foreignKeyAsInUse } from "../references";
import { pickSort, sortedListQuery } from "../transactions/list-sort";
import { WAREHOUSE_COLUMNS } from "./warehouses.export";
import {
  deleteWarehouse,
  findWarehouseById,
  findWarehouseByName,
  insertWarehouse,
  listWarehouses,
  updateWarehouse,
} from "./warehouses.repository";

const tags = ["warehouses"];
const NOT_FOUND = "That warehouse does not exist.";
const e = apiErrorSchema;

/** Warehouse master data: anyone signed in reads, only an admin changes (CONTRACT.md section 6). */
export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** A unique violation on name_key becomes 409 naming the warehouse that already has the name. */
  const duplicateName = async (error: unknown, name: string): Promise<never> => {
    if (!isUniqueViolation(error)) throw error;
    const existing = await findWarehouseByName(db.kysely, name);
    throw conflict(`A warehouse named "${existing?.name ?? name}" already exists.`, "DUPLICATE");
  };

  app.get(
    "/warehouses",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "List warehouses, ordered by name",
        querystring: sortedListQuery(WAREHOUSE_SORTS, "by name").extend(includeArchivedShape),
        response: {
          200: exportResponse(z.array(WarehouseSchema), "Warehouses (format=csv|xlsx: as a file)"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const rows = await listWarehouses(
        db.kysely,
        pickSort(request.query, NAME_DEFAULT_SORT),
        archiveFilter(request.query),
      );
      const { format } = request.query;
      if (format === undefined || format === "json") return rows;
      const file = { name: "warehouses", date: localIsoDate(app.config.now()), title: "Warehouses" };
      return sendExport(reply, format, file, WAREHOUSE_COLUMNS, rows);
    },
  );

  app.post(
    "/warehouses",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Add a warehouse",
        body: WarehouseInputSchema,
        response: { 201: WarehouseSchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => {
      const at = app.config.now();
      const warehouse = await withWriteTransaction(db, async (trx) => {
        const created = await insertWarehouse(trx, request.body, at);
        await recordChange(trx, {
          entity: "warehouse",
          entityId: created.id,
          before: null,
          after: created,
          by: request.user,
          at,
        });
        return created;
      }).catch((error) => duplicateName(error, request.body.name));
      return reply.status(201).send(warehouse);
    },
  );

  app.put(
    "/warehouses/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Change a warehouse",
        params: idParamsSchema,
        body: WarehouseUpdateSchema,
        response: { 200: WarehouseSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertIdMatches(id, request.body.id);
      const warehouse = await withWriteTransaction(db, async (trx) => {
        const before = await findWarehouseById(trx, id);
        if (!before) throw notFound(NOT_FOUND);
        if (request.body.isActive === false && before.isActive) {
          await assertNoStock(trx, "warehouse", id, `Warehouse "${before.name}"`);
        }
        const after = await updateWarehouse(trx, id, request.body);
        const at = app.config.now();
        if (after)
          await recordChange(trx, { entity: "warehouse", entityId: id, before, after, by: request.user, at });
        return after;
      }).catch((error) => duplicateName(error, request.body.name));
      if (!warehouse) throw notFound(NOT_FOUND);
      return warehouse;
    },
  );

  app.delete(
    "/warehouses/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete a warehouse that no transaction or stock balance refers to",
        params: idParamsSchema,
        response: { 204: z.null(), 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let label = "This warehouse";
      await withWriteTransaction(db, async (trx) => {
        const warehouse = await findWarehouseById(trx, id);
        if (!warehouse) throw notFound(NOT_FOUND);
        label = `Warehouse "${warehouse.name}"`;
        await assertNotReferenced(trx, "warehouse", id, label);
        await deleteWarehouse(trx, id);
        const at = app.config.now();
        await recordChange(trx, {
          entity: "warehouse",
          entityId: id,
          before: warehouse,
          after: null,
          by: request.user,
          at,
        });
      }).catch(foreignKeyAsInUse(() => label));
      return reply.status(204).send(null);
    },
  );
};
