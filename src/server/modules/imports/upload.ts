import type { FastifyRequest } from "fastify";
import { errorText } from "../../../domain/error-text";
import { AppError } from "../../lib/http-errors";
import { readUploadedSheet, type Sheet } from "./read-sheet";

const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", errorText("IMPORT_FILE_TOO_LARGE"));

/** The multipart field `file` of an upload (the multipart plugin caps its size), with its name. */
export async function uploadedFile(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fileName: string | null }> {
  if (!request.isMultipart()) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", errorText("IMPORT_NOT_MULTIPART"));
  }
  let bytes: Buffer | null = null;
  let fileName: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file" && part.fieldname === "file") {
        bytes = await part.toBuffer();
        fileName = part.filename || null;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw error;
  }
  if (!bytes) throw new AppError(400, "VALIDATION_ERROR", errorText("IMPORT_FILE_MISSING"));
  return { bytes, fileName };
}

/** The uploaded file read as a sheet; its bytes are let go once read (a 20 MB file need not stay). */
export async function uploadedSheet(
  request: FastifyRequest,
): Promise<{ sheet: Sheet; fileName: string | null }> {
  const { bytes, fileName } = await uploadedFile(request);
  return { sheet: await readUploadedSheet(bytes), fileName };
}
