import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../domain/common";
import type { SortOrder } from "../../domain/list-sorts";
import { localIsoDate } from "../../domain/transaction";
import { type DialectName, withWriteTransaction } from "../db/database";
import type { Database } from "../db/schema";
import { exportResponse, sendExport } from "../lib/export";
import { assertIdMatches, isUniqueViolation, notFound } from "../lib/http-errors";
import { pickSort, sortedListQuery } from "../lib/list/list-sort";
import { archiveFilter, includeArchivedShape } from "./archive";
import { recordChange } from "./history/record";
import { assertNotReferenced, foreignKeyAsInUse, type ReferencedKind } from "./references";

const e = apiErrorSchema;

interface Sorted<F extends string> {
  field: F;
  order: SortOrder;
}

/**
 * What differs between the master-data lists (suppliers, warehouses, materials): names, schemas,
 * the repository, and what an update must check or do besides writing the row.
 */
export interface MasterDataSpec<
  R extends { id: number },
  I,
  U extends { id?: number; isActive?: boolean },
  F extends readonly [string, ...string[]],
> {
  entity: ReferencedKind;
  /** The collection's path and tag and file name, e.g. "suppliers". */
  plural: string;
  /** As the list's file title says it, e.g. "Suppliers". */
  title: string;
  schemas: { record: z.ZodType<R>; input: z.ZodType<I>; update: z.ZodType<U> };
  sorts: F;
  defaultSort: Sorted<F[number]>;
  summaries: { list: string; sortedBy: string; one?: string; add: string; change: string; remove: string };
  columns: Parameters<typeof sendExport<R>>[3];
  notFound: string;
  /** How a 409 names one record, e.g. `Supplier "Acme"`, and the fallback when it is not read yet. */
  label: (record: R) => string;
  unnamed: string;
  /** The 409 of a unique violation, naming the record that already has the name. */
  duplicate: (db: Kysely<Database>, body: I | U) => Promise<never>;
  repo: {
    list: (db: Kysely<Database>, sort: Sorted<F[number]>, filter: { activeOnly?: boolean }) => Promise<R[]>;
    findById: (db: Kysely<Database>, id: number) => Promise<R | undefined>;
    insert: (db: Kysely<Database>, input: I, at: Date) => Promise<R>;
    update: (db: Kysely<Database>, id: number, input: U) => Promise<R | undefined>;
    remove: (db: Kysely<Database>, id: number) => Promise<boolean>;
  };
  /**
   * An update's own rules, inside its transaction: `lock` before the row is read, `check` with the
   * row as it was (refuses by throwing), `after` once it is written.
   */
  onUpdate?: {
    lock?: (trx: Kysely<Database>, id: number, body: U, dialect: DialectName) => Promise<void>;
    check?: (trx: Kysely<Database>, before: R, body: U) => Promise<void>;
    after?: (trx: Kysely<Database>, before: R, after: R, body: U) => Promise<void>;
  };
}

/**
 * The routes of one master-data list: anyone signed in reads, only an admin changes (CONTRACT.md
 * section 6); every change is recorded in the history in the same transaction; a record that a
 * transaction or balance refers to is not deleted (409, archive it instead).
 */
export function masterDataRoutes<
  R extends { id: number },
  I,
  U extends { id?: number; isActive?: boolean },
  F extends readonly [string, ...string[]],
>(spec: MasterDataSpec<R, I, U, F>): FastifyPluginAsyncZod {
  const tags = [spec.plural];
  const path = `/${spec.plural}`;
  const { entity, repo } = spec;
  // Widened for Fastify: a generic schema leaves its reply type unresolved; R is checked on `spec`.
  const recordSchema: z.ZodType = spec.schemas.record;
  const inputSchema: z.ZodType = spec.schemas.input;
  const updateSchema: z.ZodType = spec.schemas.update;
  return async (app: FastifyInstance) => {
    const db = app.db;
    const r = app.withTypeProvider<import("fastify-type-provider-zod").ZodTypeProvider>();
    const duplicateOr = (body: I | U) => (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      return spec.duplicate(db.kysely, body);
    };

    r.get(
      path,
      {
        config: { access: "read" },
        schema: {
          tags,
          summary: spec.summaries.list,
          querystring: sortedListQuery(spec.sorts, spec.summaries.sortedBy).extend(includeArchivedShape),
          response: {
            200: exportResponse(z.array(recordSchema), `${spec.title} (format=csv|xlsx: as a file)`),
            400: e,
            401: e,
          },
        },
      },
      async (request, reply) => {
        const query = request.query as { sort?: F[number]; order?: SortOrder; includeArchived?: boolean };
        const rows = await repo.list(db.kysely, pickSort(query, spec.defaultSort), archiveFilter(query));
        const { format } = request.query;
        if (format === undefined || format === "json") return rows;
        const file = { name: spec.plural, date: localIsoDate(app.config.now()), title: spec.title };
        return sendExport(reply, format, file, spec.columns, rows);
      },
    );

    if (spec.summaries.one !== undefined) {
      r.get(
        `${path}/:id`,
        {
          config: { access: "read" },
          schema: {
            tags,
            summary: spec.summaries.one,
            params: idParamsSchema,
            response: { 200: recordSchema, 400: e, 401: e, 404: e },
          },
        },
        async (request) => {
          const record = await repo.findById(db.kysely, request.params.id);
          if (!record) throw notFound(spec.notFound);
          return record;
        },
      );
    }

    r.post(
      path,
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: spec.summaries.add,
          body: inputSchema,
          response: { 201: recordSchema, 400: e, 401: e, 403: e, 409: e },
        },
      },
      async (request, reply) => {
        const body = request.body as I;
        const at = app.config.now();
        const record = await withWriteTransaction(db, async (trx) => {
          const created = await repo.insert(trx, body, at);
          await recordChange(trx, {
            entity,
            entityId: created.id,
            before: null,
            after: created,
            by: request.user,
            at,
          });
          return created;
        }).catch(duplicateOr(body));
        return reply.status(201).send(record);
      },
    );

    r.put(
      `${path}/:id`,
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: spec.summaries.change,
          params: idParamsSchema,
          body: updateSchema,
          response: { 200: recordSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (request) => {
        const { id } = request.params;
        const body = request.body as U;
        assertIdMatches(id, body.id);
        const record = await withWriteTransaction(db, async (trx) => {
          await spec.onUpdate?.lock?.(trx, id, body, db.dialect);
          const before = await repo.findById(trx, id);
          if (!before) throw notFound(spec.notFound);
          await spec.onUpdate?.check?.(trx, before, body);
          const after = await repo.update(trx, id, body);
          if (!after) return after;
          await spec.onUpdate?.after?.(trx, before, after, body);
          const at = app.config.now();
          await recordChange(trx, { entity, entityId: id, before, after, by: request.user, at });
          return after;
        }).catch(duplicateOr(body));
        if (!record) throw notFound(spec.notFound);
        return record;
      },
    );

    r.delete(
      `${path}/:id`,
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: spec.summaries.remove,
          params: idParamsSchema,
          response: { 204: z.null(), 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        let label = spec.unnamed;
        await withWriteTransaction(db, async (trx) => {
          const record = await repo.findById(trx, id);
          if (!record) throw notFound(spec.notFound);
          label = spec.label(record);
          await assertNotReferenced(trx, entity, id, label);
          await repo.remove(trx, id);
          const at = app.config.now();
          await recordChange(trx, {
            entity,
            entityId: id,
            before: record,
            after: null,
            by: request.user,
            at,
          });
        }).catch(foreignKeyAsInUse(() => label));
        return reply.status(204).send(null);
      },
    );
  };
}
