import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { CostCorrectionInputSchema, CostCorrectionResultSchema } from "../../../domain/cost-correction";
import { unauthorized } from "../../lib/http-errors";
import { postCostCorrection } from "../transactions/posting.service";

const e = apiErrorSchema;

/** Costs that arrive later (CONTRACT.md section 16): admins only, money. */
export const costRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/transactions/:id/costs",
    {
      config: { access: "admin" },
      schema: {
        tags: ["transactions"],
        summary:
          "Set or correct a receipt's roll unit costs and spread a landed cost over its rolls (by yards or value): " +
          "rolls in stock are revalued, used yards corrected by value-only lines dated the correction",
        params: idParamsSchema,
        body: CostCorrectionInputSchema,
        response: { 201: CostCorrectionResultSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const result = await postCostCorrection(app.db, {
        transactionId: request.params.id,
        input: request.body,
        userId: request.user.id,
        now: app.config.now(),
      });
      return reply.status(201).send(result);
    },
  );
};
