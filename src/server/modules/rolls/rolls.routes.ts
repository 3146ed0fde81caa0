import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { FindFabricSchema } from "../../../domain/find-fabric-wire";
import {
  parseRollCode,
  RollDetailSchema,
  RollPatchDocSchema,
  RollPatchSchema,
  RollSchema,
} from "../../../domain/roll";
import { localIsoDate } from "../../../domain/transaction";
import { seesCost } from "../../lib/cost-access";
import { exportResponse, sendExport } from "../../lib/export";
import { notFound } from "../../lib/http-errors";
import { sendJsonRows } from "../../lib/list/list-body";
import { rollNameParts } from "../export-names";
import { FindFabricQuerySchema, findFabric } from "./find";
import { findRollDetail } from "./roll-detail.repository";
import { rollColumns } from "./rolls.export";
import {
  RemnantsQuerySchema,
  RollCodeParamsSchema,
  type RollListQuery,
  RollListQuerySchema,
} from "./rolls.query";
import {
  countRolls,
  findRoll,
  listRollRows,
  prepareRollFilters,
  rowToRoll,
  updateRoll,
} from "./rolls.repository";

const e = apiErrorSchema;
const NO_ROLL = errorText("ROLL_NOT_FOUND");

/**
 * Rolls (CONTRACT.md section 8): the list with its filters, code search, paging and exports; one
 * roll with its movements; a roll by its code; bin and width edits. Lengths change only by postings.
 * The remnants report is the same list of the Remnant rolls.
 */
export const rollRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** The list answer (JSON, CSV or XLSX) of `query`; `file` names the download; cost fields for admins. */
  async function sendRollList(
    reply: FastifyReply,
    { filters: asked, sort, page, format }: RollListQuery,
    file: { name: string; title: string; withStatus: boolean },
    withCost: boolean,
  ) {
    const paged = page.limit !== undefined || page.offset > 0;
    const filters = await prepareRollFilters(db.kysely, asked);
    const [rows, total] = await Promise.all([
      listRollRows(db.kysely, filters, page, sort),
      paged ? countRolls(db.kysely, filters) : undefined,
    ]);
    reply.header("X-Total-Count", String(total ?? rows.length));
    const toRoll = (r: (typeof rows)[number]) => rowToRoll(r, withCost);
    if (format === "json") return sendJsonRows(reply, rows, toRoll);
    const parts = await rollNameParts(db.kysely, file.withStatus ? asked : { ...asked, status: undefined });
    const date = localIsoDate(app.config.now());
    return sendExport(
      reply,
      format,
      { name: file.name, parts, date, title: file.title },
      rollColumns(withCost),
      rows.map(toRoll),
    );
  }

  app.get(
    "/rolls",
    {
      config: { access: "read" },
      schema: {
        tags: ["rolls"],
        summary:
          "List rolls, newest code first or as sorted; Used Up rolls only with status=Used Up (X-Total-Count header: matches before paging)",
        querystring: RollListQuerySchema,
        response: {
          200: exportResponse(z.array(RollSchema), "Rolls (format=csv|xlsx: as a file)"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) =>
      sendRollList(
        reply,
        request.query,
        { name: "rolls", title: "Rolls", withStatus: true },
        seesCost(request.user),
      ),
  );

  app.get(
    "/reports/remnants",
    {
      config: { access: "read", openapi: { operationId: "getRemnantsReport" } },
      schema: {
        tags: ["reports"],
        summary:
          "Remnants: the rolls with status Remnant (0 < length < the material's remnantBelowYards), with the rolls list's filters, sort and paging (X-Total-Count header: matches before paging)",
        querystring: RemnantsQuerySchema,
        response: {
          200: exportResponse(z.array(RollSchema), "Remnant rolls (format=csv|xlsx: as a file)"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) =>
      sendRollList(
        reply,
        request.query,
        { name: "remnants", title: "Remnants", withStatus: false },
        seesCost(request.user),
      ),
  );

  app.get(
    "/rolls/find",
    {
      config: { access: "read", openapi: { operationId: "findFabric" } },
      schema: {
        tags: ["rolls"],
        summary:
          "Find fabric: rolls of a material that alone hold N yards (shortest such first, up to 20), and the dye lots whose rolls together hold N in one warehouse (fewest rolls first)",
        querystring: FindFabricQuerySchema,
        response: { 200: FindFabricSchema, 400: e, 401: e },
      },
    },
    async (request) => findFabric(db.kysely, request.query, seesCost(request.user)),
  );

  app.get(
    "/rolls/by-code/:code",
    {
      config: { access: "read", openapi: { operationId: "getRollByCode" } },
      schema: {
        tags: ["rolls"],
        summary: "The roll of a code such as R000123 (case-insensitive); 404 when no roll has it",
        params: RollCodeParamsSchema,
        response: { 200: RollSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const id = parseRollCode(request.params.code);
      const roll = id === null ? undefined : await findRoll(db.kysely, id, seesCost(request.user));
      if (!roll) throw notFound(errorText("ROLL_CODE_NOT_FOUND", { code: request.params.code.trim() }));
      return roll;
    },
  );

  app.get(
    "/rolls/:id",
    {
      config: { access: "read" },
      schema: {
        tags: ["rolls"],
        summary:
          "One roll, the roll it was cut from, and its movements (ledger lines) with the length after each",
        params: idParamsSchema,
        response: { 200: RollDetailSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const detail = await findRollDetail(db.kysely, request.params.id, seesCost(request.user));
      if (!detail) throw notFound(NO_ROLL);
      return detail;
    },
  );

  app.patch(
    "/rolls/:id",
    {
      // The document shows the two fields and no others (other fields are refused, not ignored).
      config: { access: "record", openapi: { body: RollPatchDocSchema } },
      schema: {
        tags: ["rolls"],
        summary: "Set a roll's bin and/or width (null clears); lengths change only by postings",
        params: idParamsSchema,
        body: RollPatchSchema,
        response: { 200: RollSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await updateRoll(db.kysely, id, request.body))) throw notFound(NO_ROLL);
      const roll = await findRoll(db.kysely, id, seesCost(request.user));
      if (!roll) throw notFound(NO_ROLL);
      return roll;
    },
  );
};
