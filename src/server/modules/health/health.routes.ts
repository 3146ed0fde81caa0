import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { probeWrite } from "../../db/write-probe";
import { DATABASE_UNAVAILABLE, databaseFaultMessage } from "../../lib/database-faults";

const database = z.enum(["sqlite", "postgres"]);
/** 503 keeps health's own fields and adds the contract's error fields (message, code). */
const unavailable = z.object({
  status: z.literal("unavailable"),
  database,
  message: z.string(),
  code: z.literal(DATABASE_UNAVAILABLE),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "Liveness and the database in use; 503 when the database cannot be written",
        response: { 200: z.object({ status: z.literal("ok"), database }), 503: unavailable },
      },
    },
    async (request, reply) => {
      try {
        await probeWrite(app.db, app.config.now());
      } catch (error) {
        request.log.error({ err: error }, "health: the database cannot be written");
        return reply.status(503).send({
          status: "unavailable" as const,
          database: app.db.dialect,
          message: databaseFaultMessage(error) ?? "The database cannot be written.",
          code: DATABASE_UNAVAILABLE,
        });
      }
      return { status: "ok" as const, database: app.db.dialect };
    },
  );
};
