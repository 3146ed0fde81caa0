import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { NAME_DEFAULT_SORT, SUPPLIER_SORTS } from "../../../domain/list-sorts";
import { SupplierInputSchema, SupplierSchema, SupplierUpdateSchema } from "../../../domain/supplier";
import { localIsoDate } from "../../../domain/transaction";
import { withWriteTransaction } from "../../db/database";
import { exportResponse, sendExport } from "../../lib/export";
import { assertIdMatches, conflict, isUniqueViolation, notFound } from "../../lib/http-errors";
import { archiveFilter, includeArchivedShape } from "../archive";
import { recordChange } from "../history/record";
import { assertNotReferenced, foreignKeyAsInUse } from "../references";
import { pickSort, sortedListQuery } from "../transactions/list-sort";
import { SUPPLIER_COLUMNS } from "./suppliers.export";
import {
  deleteSupplier,
  findSupplierById,
  findSupplierByName,
  insertSupplier,
  listSuppliers,
  updateSupplier,
} from "./suppliers.repository";

const tags = ["suppliers"];
const NOT_FOUND = "That supplier does not exist.";
const e = apiErrorSchema;

/** Supplier master data: anyone signed in reads, only an admin changes (CONTRACT.md section 6). */
export const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** A unique violation on name_key becomes 409 naming the supplier that already has the name. */
  const duplicateName = async (error: unknown, name: string): Promise<never> => {
    if (!isUniqueViolation(error)) throw error;
    const existing = await findSupplierByName(db.kysely, name);
    throw conflict(`A supplier named "${existing?.name ?? name}" already exists.`, "DUPLICATE");
  };

  app.get(
    "/suppliers",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "List suppliers, ordered by name",
        querystring: sortedListQuery(SUPPLIER_SORTS, "by name").extend(includeArchivedShape),
        response: {
          200: exportResponse(z.array(SupplierSchema), "Suppliers (format=csv|xlsx: as a file)"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const rows = await listSuppliers(
        db.kysely,
        pickSort(request.query, NAME_DEFAULT_SORT),
        archiveFilter(request.query),
      );
      const { format } = request.query;
      if (format === undefined || format === "json") return rows;
      const file = { name: "suppliers", date: localIsoDate(app.config.now()), title: "Suppliers" };
      return sendExport(reply, format, file, SUPPLIER_COLUMNS, rows);
    },
  );

  app.post(
    "/suppliers",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Add a supplier",
        body: SupplierInputSchema,
        response: { 201: SupplierSchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => {
      const at = app.config.now();
      const supplier = await withWriteTransaction(db, async (trx) => {
        const created = await insertSupplier(trx, request.body, at);
        await recordChange(trx, {
          entity: "supplier",
          entityId: created.id,
          before: null,
          after: created,
          by: request.user,
          at,
        });
        return created;
      }).catch((error) => duplicateName(error, request.body.name));
      return reply.status(201).send(supplier);
    },
  );

  app.put(
    "/suppliers/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Change a supplier",
        params: idParamsSchema,
        body: SupplierUpdateSchema,
        response: { 200: SupplierSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertIdMatches(id, request.body.id);
      const supplier = await withWriteTransaction(db, async (trx) => {
        const before = await findSupplierById(trx, id);
        const after = await updateSupplier(trx, id, request.body);
        const at = app.config.now();
        if (before && after)
          await recordChange(trx, { entity: "supplier", entityId: id, before, after, by: request.user, at });
        return after;
      }).catch((error) => duplicateName(error, request.body.name));
      if (!supplier) throw notFound(NOT_FOUND);
      return supplier;
    },
  );

  app.delete(
    "/suppliers/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete a supplier that no transaction refers to",
        params: idParamsSchema,
        response: { 204: z.null(), 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let label = "This supplier";
      await withWriteTransaction(db, async (trx) => {
        const supplier = await findSupplierById(trx, id);
        if (!supplier) throw notFound(NOT_FOUND);
        label = `Supplier "${supplier.name}"`;
        await assertNotReferenced(trx, "supplier", id, label);
        await deleteSupplier(trx, id);
        const at = app.config.now();
        await recordChange(trx, {
          entity: "supplier",
          entityId: id,
          before: supplier,
          after: null,
          by: request.user,
          at,
        });
      }).catch(foreignKeyAsInUse(() => label));
      return reply.status(204).send(null);
    },
  );
};
