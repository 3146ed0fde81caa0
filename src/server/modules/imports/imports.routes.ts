import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorCodeSchema, errorParamsSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { localIsoDate } from "../../../domain/transaction";
import { sendExport } from "../../lib/export";
import { type ExportColumn, integerColumn, textColumn, yardsColumn } from "../../lib/export-columns";
import { AppError, conflict, isUniqueViolation } from "../../lib/http-errors";
import { errorBody } from "../../plugins/error-body";
import { codedImport } from "./coded-errors";
import type { FieldSpec } from "./columns";
import { ImportRefused, type ImportResult, importSheet } from "./import-plan";
import { type ImportKind, materialsImport, suppliersImport, warehousesImport } from "./master-data-kinds";
import { MAX_IMPORT_BYTES, readUploadedSheet } from "./read-sheet";
import { thresholdsImport } from "./thresholds-kind";

export const IMPORT_KINDS = ["warehouses", "suppliers", "materials", "thresholds"] as const;
type ImportKindName = (typeof IMPORT_KINDS)[number];

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own record and input types
function kindOf(name: ImportKindName): ImportKind<any, any> {
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
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  transactionIds: z.array(z.int()),
});

/** The template's columns: the kind's fields in order, typed as the export types them. */
function templateColumns(fields: readonly FieldSpec[]): ExportColumn<Record<string, string | number>>[] {
  return fields.map((f) => {
    const value = (row: Record<string, string | number>) => row[f.key];
    if (f.kind === "yards") return yardsColumn(f.header, (r) => value(r) as number);
    if (f.kind === "integer") return integerColumn(f.header, (r) => value(r) as number);
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
      if (!request.isMultipart()) {
        throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", errorText("IMPORT_NOT_MULTIPART"));
      }
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === "file" && part.fieldname === "file") bytes = await part.toBuffer();
        }
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new AppError(413, "PAYLOAD_TOO_LARGE", errorText("IMPORT_FILE_TOO_LARGE"));
        }
        throw error;
      }
      if (!bytes) throw new AppError(400, "VALIDATION_ERROR", errorText("IMPORT_FILE_MISSING"));
      const sheet = await readUploadedSheet(bytes);
      const kind = kindOf(request.params.kind);
      const by = request.user;
      if (!by) throw new AppError(401, "UNAUTHORIZED", errorText("SIGN_IN_FIRST"));
      try {
        const result: ImportResult = await importSheet(
          db,
          kind,
          sheet,
          request.query.mode,
          by,
          app.config.now(),
        );
        return codedImport(result);
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
      const kind = kindOf(request.params.kind);
      const file = {
        name: `${kind.kind}-import-template`,
        date: localIsoDate(app.config.now()),
        title: kind.kind,
      };
      return sendExport(reply, request.query.format, file, templateColumns(kind.fields), [kind.example]);
    },
  );
};
