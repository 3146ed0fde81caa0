import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sample } from "openapi-sampler";
import { expect, it } from "vitest";
import { KIND_REQUIREMENTS } from "../domain/transaction";
import {
  KIND_INFO,
  reasonCodesFor,
  TRANSACTION_KINDS,
  type TransactionKind,
} from "../domain/transaction-kinds";
import { SESSION_COOKIE } from "./modules/auth/session-cookie";
import { createMasterData } from "./test/support/transactions";
import { describeEachDialect } from "./test/test-context";

/** A JSON schema as openapi-sampler takes it. */
type JSONSchema7 = Parameters<typeof sample>[0];

interface Response {
  description: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: JSONSchema7 }> };
  responses: Record<string, Response>;
}
interface Doc {
  servers?: { url: string }[];
  components: { securitySchemes?: Record<string, Record<string, string>>; schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

const root = path.resolve(import.meta.dirname, "../..");
const ERROR_REF = "#/components/schemas/ApiError";
/** Routes that end or change the suite's own sessions; probing them would sign the suite out. */
const SESSION_ROUTES = new Set(["POST /api/auth/logout", "POST /api/auth/password", "POST /api/auth/setup"]);

describeEachDialect("OpenAPI document", (ctx) => {
  const document = async (): Promise<Doc> => {
    const res = await ctx().request({ method: "GET", url: "/api/openapi.json", role: null });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const operations = async () =>
    Object.entries((await document()).paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${p}`,
        method,
        path: p,
        op,
      })),
    );

  it("passes Redocly's recommended ruleset with no error (offline)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      fs.writeFileSync(file, JSON.stringify(await document(), null, 2));
      const result = spawnSync(
        path.join(root, "node_modules", ".bin", "redocly"),
        ["lint", "--extends=recommended", "--format=json", file],
        {
          cwd: dir,
          encoding: "utf8",
          timeout: 50_000,
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        },
      );
      const report = JSON.parse(result.stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((p) => p.severity === "error")
        .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(result.status, result.stderr).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names every operation once, says who may call it and describes every answer", async () => {
    const doc = await document();
    expect(doc.servers).toEqual([{ url: "/" }]);
    expect(doc.components.securitySchemes?.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: SESSION_COOKIE,
    });
    const ops = await operations();
    const ids = ops.map((o) => o.op.operationId);
    expect(
      ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z0-9]*$/.test(id)),
      ids.join(),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.fromEntries(ops.map((o) => [o.key, o.op.operationId]))).toMatchObject({
      "GET /api/warehouses": "listWarehouses",
      "PUT /api/warehouses/{id}": "updateWarehouse",
      "GET /api/transactions/{id}": "getTransaction",
      "POST /api/transactions/stock-opname": "postStockOpnameTransaction",
      "POST /api/auth/login": "signIn",
    });
    for (const { key, method, path: p, op } of ops) {
      const statuses = Object.keys(op.responses).map(Number);
      expect(op.security, key).toBeDefined();
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${key} ${status}`).not.toMatch(/^(Default Response)?$/);
        if (status === "204") expect(response.content, `${key} 204`).toBeUndefined();
        // Every refusal is the shared error shape (health's 503 adds its own fields to it).
        if (Number(status) >= 400 && key !== "GET /api/health") {
          expect(response.content?.["application/json"]?.schema, `${key} ${status}`).toEqual({
            $ref: ERROR_REF,
          });
        }
      }
      expect(statuses, key).toEqual(expect.arrayContaining([400, 500, 503]));
      if (op.security?.length) expect(statuses, key).toContain(401);
      if (method !== "get") expect(statuses, key).toEqual(expect.arrayContaining([403, 413, 415]));
      if (p.includes("{id}")) expect(statuses, key).toContain(404);
      if (op.parameters?.some((q) => q.name === "limit")) {
        expect(op.responses["200"]?.headers, key).toHaveProperty("X-Total-Count");
      }
    }
    const byKey = Object.fromEntries(ops.map((o) => [o.key, o.op]));
    expect(Object.keys(byKey["POST /api/auth/login"]?.responses ?? {})).toContain("429");
    for (const key of [
      "POST /api/warehouses",
      "DELETE /api/materials/{id}",
      "POST /api/transactions/waste",
    ]) {
      expect(Object.keys(byKey[key]?.responses ?? {}), key).toContain("409");
    }
  });

  it("marks the public operations public and the others as needing the session cookie", async () => {
    const publicOps: string[] = [];
    for (const { key, method, path: p, op } of await operations()) {
      if (SESSION_ROUTES.has(key)) continue;
      const res = await ctx().request({
        method: method.toUpperCase() as "GET",
        url: p.replace("{id}", "999999"),
        role: null,
        ...(method === "get" ? {} : { payload: {} }),
      });
      if (op.security?.length === 0) publicOps.push(key);
      expect(res.statusCode === 401, `${key} answered ${res.statusCode} to an anonymous request`).toBe(
        (op.security?.length ?? 0) > 0,
      );
    }
    expect(publicOps.sort()).toEqual(["GET /api/auth/me", "GET /api/health", "POST /api/auth/login"]);
  });

  it("documents each status the routes answer to missing sessions, roles, bad ids, bad bodies and other sites", async () => {
    const undocumented: string[] = [];
    for (const { key, method, path: p, op } of await operations()) {
      if (SESSION_ROUTES.has(key)) continue;
      const verb = method.toUpperCase() as "GET";
      const probes: { name: string; options: Parameters<ReturnType<typeof ctx>["request"]>[0] }[] = [];
      for (const role of [null, "viewer", "clerk", "admin"] as const) {
        for (const id of ["999999", "0x1"]) {
          probes.push({
            name: `${role} id=${id}`,
            options: {
              method: verb,
              url: p.replace("{id}", id),
              role,
              ...(method === "get" ? {} : { payload: {} }),
            },
          });
        }
      }
      probes.push({
        name: "format=pdf",
        options: { method: verb, url: `${p.replace("{id}", "1")}?format=pdf` },
      });
      if (method !== "get") {
        const url = p.replace("{id}", "999999");
        probes.push(
          {
            name: "text/plain",
            options: { method: verb, url, payload: "{}", headers: { "content-type": "text/plain" } },
          },
          {
            name: "other site",
            options: { method: verb, url, payload: {}, headers: { origin: "http://evil.example" } },
          },
          {
            name: "2 MiB body",
            options: {
              method: verb,
              url,
              payload: `{"name":"${"x".repeat(2 * 1024 * 1024)}"}`,
              headers: { "content-type": "application/json" },
            },
          },
        );
      }
      for (const probe of probes) {
        const res = await ctx().request(probe.options);
        if (!(String(res.statusCode) in op.responses))
          undocumented.push(`${key} (${probe.name}) -> ${res.statusCode}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("types ids, numbers, booleans and choices in paths and query strings", async () => {
    const doc = await document();
    const param = (p: string, name: string) =>
      doc.paths[p]?.get?.parameters?.find((q) => q.name === name)?.schema ??
      Object.values(doc.paths[p] ?? {})[0]?.parameters?.find((q) => q.name === name)?.schema;
    const id = { type: "integer", minimum: 1, maximum: 2147483647 };
    expect(param("/api/transactions/{id}", "id")).toEqual(id);
    expect(param("/api/warehouses/{id}", "id")).toEqual(id);
    for (const name of ["warehouse", "warehouseId", "warehouseFilter", "material", "materialId"]) {
      expect(param("/api/stock-levels", name), name).toEqual(id);
      expect(param("/api/transactions", name === "warehouseFilter" ? "warehouseId" : name), name).toEqual(id);
    }
    expect(param("/api/stock-levels", "limit")).toMatchObject({ type: "integer", minimum: 1, maximum: 1000 });
    expect(param("/api/stock-levels", "offset")).toMatchObject({ type: "integer", minimum: 0 });
    for (const name of ["lowStock", "lowStockOnly", "inStockOnly"]) {
      expect(param("/api/stock-levels", name), name).toEqual({ type: "boolean" });
    }
    expect(param("/api/reports/stock-status", "groupBy")?.enum).toEqual([
      "type",
      "color",
      "batch",
      "warehouse",
      "none",
    ]);
    expect(param("/api/reports/aging", "ageGroup")?.enum).toEqual(["New", "Normal", "Aging", "Old"]);
    expect(param("/api/reports/stock-card", "material")).toEqual(id);
    expect(param("/api/reports/stock-card", "warehouse")).toEqual(id);
    expect(param("/api/stock-levels", "asOf")).toMatchObject({ type: "string" });
    expect(param("/api/reports/stock-status", "asOf")).toMatchObject({ type: "string" });
    expect(param("/api/transactions", "type")?.enum).toEqual(
      expect.arrayContaining(["Production Usage", "production-usage", "Stock Opname", "stock-opname"]),
    );
  });

  it("documents one body per posting kind, with its required fields and reason codes", async () => {
    const doc = await document();
    for (const kind of TRANSACTION_KINDS) {
      const schema =
        doc.paths[`/api/transactions/${kind}`]?.post?.requestBody?.content["application/json"]?.schema;
      expect(schema, kind).toBeDefined();
      expect(schema?.required, kind).toEqual(["transactionDate", ...KIND_REQUIREMENTS[kind], "items"]);
      const reason = (schema?.properties?.reasonCode ?? undefined) as JSONSchema7 | undefined;
      if (reasonCodesFor(kind).length > 0) expect(reason?.enum, kind).toEqual([...reasonCodesFor(kind)]);
      else expect(reason, kind).toBeUndefined();
      expect(schema?.properties?.items, kind).toMatchObject({ type: "array", minItems: 1 });
    }
  });

  it("posts a valid transaction of each kind built from the document alone", async () => {
    const doc = await document();
    const { supplierId, warehouses, materials } = await createMasterData(ctx().db.kysely, 2, 1);
    const [source, destination] = warehouses as [number, number];
    const ids: Record<string, number> = {
      supplierId,
      warehouseId: source,
      sourceWarehouseId: source,
      destinationWarehouseId: destination,
      materialId: materials[0] as number,
    };
    /**
     * The sample with the fixture's ids in the id fields; every other value is the document's, but
     * for the optional named roll, which each kind's sample would name alike (roll 1, used up by the
     * first): left out here, as "any roll"; rolls-posting.test.ts covers named rolls. The purchase
     * order fields too (an order the fixture does not have): po-receive.test.ts covers them, and a usage's order: orders.test.ts posts with one.
     */
    const bodyOf = (kind: TransactionKind) => {
      const schema =
        doc.paths[`/api/transactions/${kind}`]?.post?.requestBody?.content["application/json"]?.schema;
      if (!schema) throw new Error(`no documented body for ${kind}`);
      const body = sample(schema, { skipReadOnly: true, quiet: true }, doc) as Record<string, unknown>;
      const fill = (value: unknown): unknown => {
        if (Array.isArray(value)) return value.map(fill);
        if (typeof value !== "object" || value === null) return value;
        return Object.fromEntries(
          Object.entries(value)
            .filter(
              ([k]) =>
                !["rollId", "purchaseOrderId", "purchaseOrderLineId", "allowOver", "orderId"].includes(k),
            )
            .map(([k, v]) => [k, k in ids ? ids[k] : fill(v)]),
        );
      };
      return fill(body) as Record<string, unknown>;
    };
    const post = (kind: TransactionKind, payload: Record<string, unknown>) =>
      ctx().request({ method: "POST", url: `/api/transactions/${kind}`, payload, role: "clerk" });

    // Stock to take from: the documented receive, as often as the outgoing kinds below need.
    for (let i = 0; i < 4; i++) {
      const res = await post("receive", bodyOf("receive"));
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const kind of TRANSACTION_KINDS) {
      const body = bodyOf(kind);
      const res = await post(kind, body);
      expect(res.statusCode, `${kind}: ${JSON.stringify(body)} -> ${res.body}`).toBe(201);
      expect(res.json().header.transactionType).toBe(KIND_INFO[kind].type);
      // The document's required fields are the server's: without any one of them the posting is refused.
      const schema =
        doc.paths[`/api/transactions/${kind}`]?.post?.requestBody?.content["application/json"]?.schema;
      for (const field of schema?.required ?? []) {
        const { [field]: _left, ...rest } = body;
        const refused = await post(kind, rest);
        expect(refused.statusCode, `${kind} without ${field}`).toBe(400);
        expect(
          refused.json().issues.map((i: { path: string }) => i.path),
          `${kind} without ${field}`,
        ).toContain(field);
      }
    }
  });

  it("serves /api/docs over plain HTTP on any host name", async () => {
    const headers = { host: "inventory.local:8080" };
    for (const url of ["/api/docs", "/api/docs/", "/api/docs/static/swagger-initializer.js"]) {
      const res = await ctx().request({ method: "GET", url, headers, role: null });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(res.headers["content-security-policy"], url).not.toContain("upgrade-insecure-requests");
    }
    // The static index redirects to the docs page, keeping the query, and the page is reached.
    let url = "/api/docs/static/index.html?x=1";
    const seen: string[] = [];
    for (let hop = 0; hop < 5; hop++) {
      const res = await ctx().request({ method: "GET", url, headers, role: null });
      if (res.statusCode < 300 || res.statusCode >= 400) {
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^text\/html/);
        break;
      }
      seen.push(url);
      url =
        new URL(String(res.headers.location), "http://inventory.local:8080").pathname +
        new URL(String(res.headers.location), "http://inventory.local:8080").search;
      expect(seen, "redirects in a loop").not.toContain(url);
    }
    expect(seen).toEqual(["/api/docs/static/index.html?x=1"]);
    expect(url).toBe("/api/docs/?x=1");
  });
});
