import { ApiError } from "../../lib/api-client";
import type { ErrorParams } from "../../lib/coded-message";

/** What the server imports (CONTRACT.md section 13), in the order the screen offers them. */
export const IMPORT_KINDS = ["warehouses", "suppliers", "materials", "thresholds", "opening-rolls"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A warning with the code and params that say it in the reader's language (`message`: the English). */
export interface ImportWarning {
  message: string;
  code: string;
  params: ErrorParams;
}

/** A cell in error: `row` of the sheet (header = 1), the `column`'s header, the message coded like a warning. */
export interface ImportRowError extends ImportWarning {
  row: number;
  column: string;
}

export interface ImportResult {
  kind: string;
  rows: number;
  errors: ImportRowError[];
  warnings: string[];
  /** `warnings` one for one, coded. */
  warningDetails: ImportWarning[];
  created: number;
  updated: number;
  unchanged: number;
  transactionIds: number[];
  /** Preview only: the file's rows as read, each column with the field it fills (null: not read). */
  sample?: SheetSample;
}

export interface SheetSample {
  header: string[];
  fields: (string | null)[];
  rows: { row: number; cells: string[] }[];
}

export interface PackingListRoll {
  row: number;
  lengthYards: number;
  ticketYards: number | null;
  widthInches: number | null;
  bin: string | null;
}

export interface PackingListResult {
  rows: number;
  rolls: PackingListRoll[];
  errors: ImportRowError[];
  warnings: string[];
  warningDetails: ImportWarning[];
}

/** A refused commit carries the preview's answer (its errors) beside the error's message. */
export class ImportRefusedError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly result: ImportResult | null,
  ) {
    super(status, code, message);
  }
}

// An upload must carry X-Requested-With (the server's guard against cross-site forms).
const UPLOAD_HEADERS = { Accept: "application/json", "X-Requested-With": "fetch" };

async function answerOf<T>(res: Response): Promise<T> {
  const text = await res.text().catch(() => "");
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.ok) return body as T;
  const message = typeof body?.message === "string" ? body.message : `${res.status} ${res.statusText}`;
  const code = typeof body?.code === "string" ? body.code : `HTTP_${res.status}`;
  const result = body && Array.isArray(body.errors) ? (body as unknown as ImportResult) : null;
  throw new ImportRefusedError(res.status, code, message, result);
}

function formWith(file: File): FormData {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}

/** Preview (writes nothing) or commit (all or nothing) one file of `kind`. */
export async function sendImport(kind: ImportKind, mode: "preview" | "commit", file: File) {
  const res = await fetch(`/api/imports/${kind}?mode=${mode}`, {
    method: "POST",
    headers: UPLOAD_HEADERS,
    body: formWith(file),
    credentials: "same-origin",
  });
  return answerOf<ImportResult>(res);
}

export const templateUrl = (kind: ImportKind, format: "csv" | "xlsx") =>
  `/api/imports/${kind}/template?format=${format}`;

/** A supplier's packing list, pasted text or a file, read into roll rows (writes nothing). */
export async function readPackingList(source: { text: string } | { file: File }) {
  const res =
    "file" in source
      ? await fetch("/api/imports/packing-list", {
          method: "POST",
          headers: UPLOAD_HEADERS,
          body: formWith(source.file),
          credentials: "same-origin",
        })
      : await fetch("/api/imports/packing-list", {
          method: "POST",
          headers: { ...UPLOAD_HEADERS, "Content-Type": "application/json" },
          body: JSON.stringify({ text: source.text }),
          credentials: "same-origin",
        });
  return answerOf<PackingListResult>(res);
}
