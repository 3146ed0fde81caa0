import type { LightMyRequestResponse } from "fastify";
import type { Role } from "../../domain/roles";
import type { TestContext } from "./test-context";

/** A multipart body with the file in the field `file`, as a browser's FormData sends it. */
export async function multipartBody(bytes: Uint8Array | string, filename: string) {
  const form = new FormData();
  form.append(
    "file",
    new Blob([typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)]),
    filename,
  );
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") ?? "",
  };
}

/** POST /api/imports/{kind}?mode=…, as the import screen sends it. */
export async function upload(
  ctx: TestContext,
  kind: string,
  mode: "preview" | "commit",
  file: Uint8Array | string,
  options: { filename?: string; role?: Role | null; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartBody(file, options.filename ?? `${kind}.csv`);
  return ctx.request({
    method: "POST",
    url: `/api/imports/${kind}?mode=${mode}`,
    payload,
    role: options.role === undefined ? "admin" : options.role,
    // A header given as undefined is left out (to test a request without it).
    headers: Object.fromEntries(
      Object.entries({ "content-type": contentType, "x-requested-with": "fetch", ...options.headers }).filter(
        ([, v]) => v !== undefined,
      ),
    ),
  });
}

/** A CSV from rows of cells, CRLF lines (cells are written as given: quote them yourself). */
export const csv = (...rows: string[]) => `${rows.join("\r\n")}\r\n`;
