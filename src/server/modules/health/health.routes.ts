import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "Liveness and the database in use",
        response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) }) },
      },
    },
    async () => {
      await sql`select 1`.execute(app.db.kysely);
      return { status: "ok" as const, database: app.db.dialect };
    },
  );
};
