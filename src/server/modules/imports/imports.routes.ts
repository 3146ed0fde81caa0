import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorCodeSchema, errorParamsSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { localIsoDate } from "../../../domain/transaction";
import { sendExport } from "../../lib/export";
import {
  dateColumn,
  type ExportColumn,
  integerColumn,
  moneyColumn,
  textColumn,
  yardsColumn,
} from "../../lib/export-columns";
import { AppError, conflict, isUniqueViolation } from "../../lib/http-errors";
import { errorBody } from "../../plugins/error-body";
import { codedImport } from "./coded-errors";
import type { FieldSpec } from "./columns";
import { ImportRefused, type ImportResult, importSheet } from "./import-plan";
import { type ImportKind, materialsImport, suppliersImport, warehousesImport } from "./master-data-kinds";
import { OPENING_ROLL_EXAMPLE, OPENING_ROLL_FIELDS, OPENING_ROLL_IGNORED } from "./opening-rolls-fields";
import { importOpeningRolls } from "./opening-rolls-import";
import { packingListRoute, WarningDetailsSchema } from "./packing-list.routes";
import { SheetSampleSchema, sampleOf } from "./preview-sample";
import { MAX_IMPORT_BYTES } from "./read-sheet";
import { thresholdsImport } from "./thresholds-kind";
import { uploadedSheet } from "./upload";

export const IMPORT_KINDS = ["warehouses", "suppliers", "materials", "thresholds", "opening-rolls"] as const;
type ImportKindName = (typeof IMPORT_KINDS)[number];

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own record and input types
function kindOf(name: Exclude<ImportKindName, "opening-rolls">): ImportKind<any, any> {
  switch (name) {
    case "warehouses":
      return warehousesImport;
    case "suppliers":
      return suppliersImport;
    case "materials":
      return materialsImport;
    case "thresholds":
      return thresholdsImport();
  }
}

const e = apiErrorSchema;
const kindParams = z.object({
  kind: z.enum(IMPORT_KINDS, { error: errorText("IMPORT_KIND_INVALID", { kinds: IMPORT_KINDS.join(", ") }) }),
});

export const ImportResultSchema = z.object({
  kind: z.string(),
  rows: z.int(),
  errors: z.array(
    z.object({
      row: z.int(),
      column: z.string(),
      message: z.string(),
      code: errorCodeSchema,
      params: errorParamsSchema,
    }),
  ),
  warnings: z.array(z.string()),
  warningDetails: WarningDetailsSchema,
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  transactionIds: z.array(z.int()),
  sample: SheetSampleSchema.optional(),
});

/** The template's columns: the kind's fields in order, typed as the export types them. */
function templateColumns(fields: readonly FieldSpec[]): ExportColumn<Record<string, string | number>>[] {
  return fields.map((f) => {
    const value = (row: Record<string, string | number>) => row[f.key];
    if (f.kind === "yards") return yardsColumn(f.header, (r) => value(r) as number);
    if (f.kind === "integer") return integerColumn(f.header, (r) => value(r) as number);
    if (f.kind === "money") return moneyColumn(f.header, (r) => value(r) as number);
    if (f.kind === "date") return dateColumn(f.header, (r) => value(r) as string);
    return textColumn(f.header, (r) => (value(r) === "" ? null : String(value(r))));
  });
}

/**
 * Moving in from spreadsheets (CONTRACT.md section 13): admin only; the file is the multipart field
 * `file`, CSV or XLSX; preview writes nothing, commit writes all of it or nothing.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const db = app.db;
  packingListRoute(app);

  app.post(
    "/imports/:kind",
    {
      config: { access: "admin" },
      schema: {
        tags: ["imports"],
        summary:
          "Import a CSV or XLSX file (multipart field `file`): preview writes nothing, commit all or nothing",
        consumes: ["multipart/form-data"],
        params: kindParams,
        querystring: z.object({
          mode: z.enum(["preview", "commit"], { error: errorText("IMPORT_MODE_INVALID") }),
        }),
        response: {
          200: ImportResultSchema,
          // A commit with errors also carries the preview's fields (rows, errors, warnings, counts).
          400: e,
          401: e,
          403: e,
          409: e,
          413: e,
          415: e,
        },
      },
    },
    async (request, reply) => {
      const { sheet, fileName } = await uploadedSheet(request);
      const by = request.user;
      if (!by) throw new AppError(401, "UNAUTHORIZED", errorText("SIGN_IN_FIRST"));
      const name = request.params.kind;
      // A preview also shows the file's rows as read, its cells in error marked in place.
      const { fields, ignored } =
        name === "opening-rolls"
          ? { fields: OPENING_ROLL_FIELDS, ignored: OPENING_ROLL_IGNORED }
          : kindOf(name);
      const answer = (result: ImportResult) =>
        request.query.mode === "preview"
          ? { ...codedImport(result), sample: sampleOf(sheet, result.errors, fields, ignored) }
          : codedImport(result);
      try {
        if (name === "opening-rolls") {
          return answer(
            await importOpeningRolls(db, sheet, request.query.mode, by, app.config.now(), fileName),
          );
        }
        const kind = kindOf(name);
        const result: ImportResult = await importSheet(
          db,
          kind,
          sheet,
          request.query.mode,
          by,
          app.config.now(),
        );
        return answer(result);
      } catch (error) {
        if (error instanceof ImportRefused) {
          const count = error.result.errors.length;
          const message =
            count === 1 ? errorText("IMPORT_HAS_ERROR") : errorText("IMPORT_HAS_ERRORS", { count });
          return reply
            .status(400)
            .send({ ...codedImport(error.result), ...errorBody("IMPORT_ERRORS", message) });
        }
        if (isUniqueViolation(error)) {
          throw conflict(errorText("IMPORT_CHANGED_MEANWHILE"), "CONFLICT");
        }
        throw error;
      }
    },
  );

  app.get(
    "/imports/:kind/template",
    {
      config: { access: "admin" },
      schema: {
        tags: ["imports"],
        summary: "A file with the kind's columns and one example row (format=csv|xlsx)",
        params: kindParams,
        querystring: z.object({
          format: z
            .enum(["csv", "xlsx"], { error: errorText("IMPORT_TEMPLATE_FORMAT_INVALID") })
            .default("csv"),
        }),
        response: { 200: z.string().describe("The template file"), 400: e, 401: e, 403: e },
      },
    },
    async (request, reply) => {
      const name = request.params.kind;
      const { fields, example } =
        name === "opening-rolls"
          ? { fields: OPENING_ROLL_FIELDS, example: OPENING_ROLL_EXAMPLE }
          : kindOf(name);
      const file = {
        name: `${name}-import-template`,
        date: localIsoDate(app.config.now()),
        title: name,
        asTemplate: true,
      };
      return sendExport(reply, request.query.format, file, templateColumns(fields), [example]);
    },
  );
};
