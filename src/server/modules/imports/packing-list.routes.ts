import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorCodeSchema, errorParamsSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { badRequest } from "../../lib/http-errors";
import { codeOfAnswerText } from "../../plugins/error-body";
import { codedWarnings } from "./coded-errors";
import { readPackingList, sheetOfText } from "./packing-list";
import { isZip, MAX_IMPORT_BYTES, readUploadedSheet, textOf } from "./read-sheet";
import { uploadedFile } from "./upload";

type App = Parameters<FastifyPluginAsyncZod>[0];

const e = apiErrorSchema;

/** `warnings` again, each with its code and params: a screen says it in the reader's language. */
export const WarningDetailsSchema = z.array(
  z.object({ message: z.string(), code: errorCodeSchema, params: errorParamsSchema }),
);

export const PackingListResultSchema = z.object({
  rows: z.int(),
  rolls: z.array(
    z.object({
      row: z.int(),
      lengthYards: z.number(),
      ticketYards: z.number().nullable(),
      widthInches: z.number().nullable(),
      bin: z.string().nullable(),
      batch: z.string().nullable().optional(),
    }),
  ),
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
});

/** Each bad cell and each warning with the code and params of its message (CONTRACT.md section 17). */
const coded = (result: ReturnType<typeof readPackingList>) => ({
  ...result,
  errors: result.errors.map((e) => ({ ...e, ...codeOfAnswerText(e.message) })),
  warningDetails: codedWarnings(result.warnings),
});

const PastedSchema = z.object({ text: z.string({ error: errorText("PACKING_LIST_TEXT_MISSING") }) });

/**
 * POST /api/imports/packing-list (clerk, admin): a supplier's packing list, uploaded (CSV or XLSX,
 * multipart field `file`) or pasted (JSON `{ text }`, tab, semicolon or comma separated), read into
 * the receive form's roll rows with each bad cell named. Changes nothing.
 */
export function packingListRoute(app: App): void {
  app.post(
    "/imports/packing-list",
    {
      config: { access: "record" },
      schema: {
        tags: ["imports"],
        summary:
          "Read a packing list (file or pasted text) into roll rows for the receive form; writes nothing",
        consumes: ["multipart/form-data", "application/json"],
        response: { 200: PackingListResultSchema, 400: e, 401: e, 403: e, 413: e, 415: e },
      },
    },
    async (request) => {
      if (request.isMultipart()) {
        const { bytes } = await uploadedFile(request);
        // A workbook's first sheet; a text file as pasted text (tab separated and headerless too).
        const sheet =
          isZip(bytes) || bytes.length === 0 || bytes.length > MAX_IMPORT_BYTES
            ? await readUploadedSheet(bytes)
            : sheetOfText(textOf(bytes));
        return coded(readPackingList(sheet));
      }
      const body = PastedSchema.safeParse(request.body);
      if (!body.success) {
        const message = body.error.issues[0]?.message ?? "Invalid body";
        throw badRequest(message, [{ path: "text", message }]);
      }
      return coded(readPackingList(sheetOfText(body.data.text)));
    },
  );
}
