import fs from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { errorText } from "../domain/error-text";
import type { Db } from "./db/database";
import { authRoutes } from "./modules/auth/auth.routes";
import { DEFAULT_SCRYPT_N } from "./modules/auth/password";
import { countRoutes } from "./modules/counts/counts.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { historyRoutes } from "./modules/history/history.routes";
import { importRoutes } from "./modules/imports/imports.routes";
import { materialRoutes } from "./modules/materials/materials.routes";
import { orderRoutes } from "./modules/orders/orders.routes";
import { purchaseOrderRoutes } from "./modules/purchase-orders/purchase-orders.routes";
import { reportRoutes } from "./modules/reports/reports.routes";
import { stockCardRoutes } from "./modules/reports/stock-card.routes";
import { stockValueRoutes } from "./modules/reports/stock-value.routes";
import { supplierShortageRoutes } from "./modules/reports/supplier-shortages.routes";
import { rollRoutes } from "./modules/rolls/rolls.routes";
import { stockRoutes } from "./modules/stock/stock.routes";
import { supplierRoutes } from "./modules/suppliers/suppliers.routes";
import { thresholdRoutes } from "./modules/thresholds/thresholds.routes";
import { transactionRoutes } from "./modules/transactions/transactions.routes";
import { userRoutes } from "./modules/users/users.routes";
import { warehouseRoutes } from "./modules/warehouses/warehouses.routes";
import { swaggerOptions, swaggerUiOptions } from "./openapi";
import { authPlugin } from "./plugins/auth";
import { compression } from "./plugins/compression";
import { errorBody } from "./plugins/error-body";
import { errorHandler } from "./plugins/error-handler";
import { formatGuard } from "./plugins/format-guard";
import { type IdleMemoryOptions, idleMemory } from "./plugins/idle-memory";
import { requestGuard } from "./plugins/request-guard";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
  }
}

export interface AppConfig {
  /** scrypt cost; the contract's 2^17 unless a test lowers it for speed. */
  scryptN: number;
  /** The clock, replaceable in tests of session expiry. */
  now: () => Date;
  /** Requests per minute per IP on /api/auth/* (a flood guard; password guessing is throttled in the database). */
  authRateLimitPerMinute: number;
  /** The installation's currency, ISO 4217 (env CURRENCY), told to the client by /api/auth/me. */
  currency: string;
}

export interface BuildAppOptions extends Partial<AppConfig> {
  db: Db;
  logger?: FastifyServerOptions["logger"];
  /** Built client (dist/client); when absent, only the API is served. */
  clientDir?: string | null;
  trustProxy?: boolean;
  /** PUBLIC_URL: the address browsers use, the only origin mutations are accepted from when set. */
  publicUrl?: string | null;
  /** Give memory back when quiet (plugins/idle-memory.ts); `npm start` turns it on, tests opt in. */
  releaseMemoryWhenIdle?: IdleMemoryOptions | null;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    // Our error shape carries the ids of failed requests; keep them short and unique.
    requestIdHeader: false,
  });
  const config: AppConfig = {
    scryptN: options.scryptN ?? DEFAULT_SCRYPT_N,
    now: options.now ?? (() => new Date()),
    authRateLimitPerMinute: options.authRateLimitPerMinute ?? 120,
    currency: options.currency ?? "USD",
  };
  app.decorate("db", options.db);
  app.decorate("config", config);

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API (OpenAPI) but are not re-validated on the way out: zod
  // serialisation is several times slower than JSON.stringify on large lists (docs/decisions/002).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(errorHandler);
  // CONTRACT.md section 12: no API answer is kept by a browser or a proxy (stock, costs, sessions),
  // errors included; set at send so that every answer, whatever made it, carries it.
  app.addHook("onSend", async (request, reply) => {
    if (request.url === "/api" || request.url.startsWith("/api/") || request.url.startsWith("/api?"))
      reply.header("Cache-Control", "no-store");
  });
  // An empty JSON body (a DELETE sent with Content-Type: application/json) means "no body".
  const defaultJsonParser = app.getDefaultJsonParser("error", "ignore");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" || body === undefined) return done(null, undefined);
    defaultJsonParser(request, body as string, done);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  if (options.releaseMemoryWhenIdle) await app.register(idleMemory, options.releaseMemoryWhenIdle);
  await app.register(compression);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(requestGuard, { publicUrl: options.publicUrl ?? null });
  await app.register(formatGuard);
  await app.register(authPlugin, { now: config.now });

  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, swaggerUiOptions);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(warehouseRoutes);
      await api.register(supplierRoutes);
      await api.register(materialRoutes);
      await api.register(thresholdRoutes);
      await api.register(transactionRoutes);
      await api.register(stockRoutes);
      await api.register(reportRoutes);
      await api.register(rollRoutes);
      await api.register(supplierShortageRoutes);
      await api.register(importRoutes);
      await api.register(countRoutes);
      await api.register(purchaseOrderRoutes);
      await api.register(orderRoutes);
      await api.register(stockCardRoutes);
      await api.register(stockValueRoutes);
      await api.register(dashboardRoutes);
      await api.register(historyRoutes);
      api.get("/openapi.json", { schema: { hide: true }, config: { access: "public" } }, async () =>
        app.swagger(),
      );
    },
    { prefix: "/api" },
  );

  const clientDir = options.clientDir === undefined ? null : options.clientDir;
  const indexHtml = clientDir && fs.existsSync(path.join(clientDir, "index.html")) ? clientDir : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: indexHtml,
      wildcard: true,
      // "/" is a directory to @fastify/static: without an index file it answers 403 instead of the app.
      index: "index.html",
      // The build writes .br and .gz copies (scripts/lib/precompress.mjs): sent by Accept-Encoding,
      // with Vary: accept-encoding, for the files and for index.html at every client route.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite names assets by content hash, so they never change; index.html must be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("Cache-Control", "public, max-age=31536000, immutable");
        } else {
          res.header("Cache-Control", "no-cache");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api" || !indexHtml || request.method !== "GET") {
      return reply
        .status(404)
        .send(
          errorBody(
            "NOT_FOUND",
            errorText("NO_ROUTE", { method: request.method, path: request.url.split("?")[0] ?? "" }),
          ),
        );
    }
    // Client-side routes: the app itself shows its 404 page for unknown paths.
    reply.header("Cache-Control", "no-cache");
    return reply.sendFile("index.html");
  });

  return app;
}
