import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { THRESHOLD_SORTS, TYPE_DEFAULT_SORT } from "../../../domain/list-sorts";
import { materialLabel } from "../../../domain/material";
import {
  ThresholdInputSchema,
  ThresholdSchema,
  ThresholdUpdateSchema,
  thresholdScopeLabel,
} from "../../../domain/threshold";
import { localIsoDate } from "../../../domain/transaction";
import type { Database } from "../../db/schema";
import { exportResponse, sendExport } from "../../lib/export";
import {
  assertIdMatches,
  badRequest,
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from "../../lib/http-errors";
import { pickSort, sortedListQuery } from "../../lib/list/list-sort";
import { recordChange } from "../history/record";
import { findMaterialById } from "../materials/materials.repository";
import { changeThresholds } from "./low-marks";
import { THRESHOLD_COLUMNS } from "./thresholds.export";
import {
  deleteThreshold,
  findThresholdById,
  insertThreshold,
  listThresholds,
  type ThresholdValues,
  updateThreshold,
} from "./thresholds.repository";

const tags = ["thresholds"];
const NOT_FOUND = errorText("THRESHOLD_NOT_FOUND");
const NO_MATERIAL = errorText("MATERIAL_NOT_FOUND");
const ARCHIVED_MATERIAL = errorText("THRESHOLD_MATERIAL_ARCHIVED");
const e = apiErrorSchema;

const noSuchMaterial = () => badRequest(NO_MATERIAL, [{ path: "materialId", message: NO_MATERIAL }]);

/** The threshold as the API shows it, read inside the writing transaction. */
async function readBack(db: Kysely<Database>, id: number) {
  const threshold = await findThresholdById(db, id);
  if (!threshold) throw notFound(NOT_FOUND);
  return threshold;
}

/**
 * The material's label for messages; 400 on materialId when it does not exist, or when it is
 * archived and `activeOnly` (a new threshold, or one moved to another material: issue 13).
 */
async function requireMaterial(
  db: Kysely<Database>,
  materialId: number,
  activeOnly: boolean,
): Promise<string> {
  const material = await findMaterialById(db, materialId);
  if (!material) throw noSuchMaterial();
  if (activeOnly && !material.isActive) {
    throw badRequest(ARCHIVED_MATERIAL, [{ path: "materialId", message: ARCHIVED_MATERIAL }]);
  }
  return materialLabel(material);
}

/**
 * Low-stock thresholds, at most one per (material, batch-or-none) (CONTRACT.md section 3):
 * anyone signed in reads, only an admin changes.
 */
export const thresholdRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** Unique violations become 409 naming the threshold; a material deleted meanwhile becomes 400. */
  const explain =
    (values: ThresholdValues, label: () => string | null) =>
    (error: unknown): never => {
      const material = label();
      if (isUniqueViolation(error) && material) {
        throw conflict(
          errorText("THRESHOLD_EXISTS", { material, scope: thresholdScopeLabel(values.batch) }),
          "DUPLICATE",
        );
      }
      if (isForeignKeyViolation(error)) throw noSuchMaterial();
      throw error;
    };

  app.get(
    "/thresholds",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "List stock thresholds with their material's type and color",
        querystring: sortedListQuery(THRESHOLD_SORTS, "by type, color, batch (type+color level first)"),
        response: {
          200: exportResponse(z.array(ThresholdSchema), "Stock Thresholds (format=csv|xlsx: as a file)"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const rows = await listThresholds(db.kysely, pickSort(request.query, TYPE_DEFAULT_SORT));
      const { format } = request.query;
      if (format === undefined || format === "json") return rows;
      const file = { name: "thresholds", date: localIsoDate(app.config.now()), title: "Stock Thresholds" };
      return sendExport(reply, format, file, THRESHOLD_COLUMNS, rows);
    },
  );

  app.post(
    "/thresholds",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Add a stock threshold (batch blank or absent: type+color level)",
        body: ThresholdInputSchema,
        response: { 201: ThresholdSchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => {
      let label: string | null = null;
      const threshold = await changeThresholds(db, async (trx) => {
        label = await requireMaterial(trx, request.body.materialId, true);
        const at = app.config.now();
        const id = await insertThreshold(trx, request.body, at);
        const after = await readBack(trx, id);
        await recordChange(trx, {
          entity: "threshold",
          entityId: id,
          before: null,
          after,
          by: request.user,
          at,
        });
        return { result: after, materialIds: [request.body.materialId] };
      }).catch(explain(request.body, () => label));
      return reply.status(201).send(threshold);
    },
  );

  app.put(
    "/thresholds/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Change a stock threshold (batch null or blank: type+color level)",
        params: idParamsSchema,
        body: ThresholdUpdateSchema,
        response: { 200: ThresholdSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertIdMatches(id, request.body.id);
      let label: string | null = null;
      return changeThresholds(db, async (trx) => {
        const before = await findThresholdById(trx, id);
        if (!before) throw notFound(NOT_FOUND);
        label = await requireMaterial(
          trx,
          request.body.materialId,
          request.body.materialId !== before.materialId,
        );
        await updateThreshold(trx, id, request.body);
        const after = await readBack(trx, id);
        const at = app.config.now();
        await recordChange(trx, { entity: "threshold", entityId: id, before, after, by: request.user, at });
        // The material may change too: both materials' rows get their marks again.
        return { result: after, materialIds: [before.materialId, request.body.materialId] };
      }).catch(explain(request.body, () => label));
    },
  );

  app.delete(
    "/thresholds/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete a stock threshold",
        params: idParamsSchema,
        response: { 204: z.null(), 401: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      await changeThresholds(db, async (trx) => {
        const before = await findThresholdById(trx, request.params.id);
        if (!before || !(await deleteThreshold(trx, request.params.id))) throw notFound(NOT_FOUND);
        const at = app.config.now();
        await recordChange(trx, {
          entity: "threshold",
          entityId: before.id,
          before,
          after: null,
          by: request.user,
          at,
        });
        return { result: null, materialIds: [before.materialId] };
      });
      return reply.status(204).send(null);
    },
  );
};
