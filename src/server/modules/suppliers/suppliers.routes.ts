import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Placeholder: routes of this area are being built (see the issues). */
export const supplierRoutes: FastifyPluginAsyncZod = async () => {};
