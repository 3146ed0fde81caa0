import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { ReceiptShortageSchema, ShortageClaimSchema } from "../../../domain/shortage-claim";
import { SupplierShortageRollSchema, SupplierShortageSchema } from "../../../domain/supplier-shortage";
import { localIsoDate } from "../../../domain/transaction";
import { seesCost } from "../../lib/cost-access";
import { exportResponse, type NamePart, sendExport } from "../../lib/export";
import { sendJsonRows } from "../../lib/list/list-body";
import { findSupplierById } from "../suppliers/suppliers.repository";
import { listReceiptShortages, shortageClaim } from "./shortage-claims.repository";
import {
  receiptShortageColumns,
  supplierShortageColumns,
  supplierShortageRollColumns,
} from "./supplier-shortages.export";
import { SupplierShortageQuerySchema } from "./supplier-shortages.query";
import {
  countSupplierShortageRolls,
  listSupplierShortageRolls,
  listSupplierShortages,
} from "./supplier-shortages.repository";

const e = apiErrorSchema;

/**
 * Supplier shortages (CONTRACT.md section 8): per supplier, the rolls received with a ticket length
 * in the period, ticket against measured; with `supplier`, that supplier's rolls.
 */
export const supplierShortageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    "/reports/supplier-shortages",
    {
      config: { access: "read" },
      schema: {
        tags: ["reports"],
        summary:
          "Supplier shortages: per supplier, over the rolls received with a ticket length whose firstReceived is in " +
          "the period (all time without dates): rolls, ticketYards, receivedYards, shortYards (ticket - received), " +
          "shortPercent (admins also shortValue: money); the largest share short first. With supplier: that supplier's rolls, newest first " +
          "(X-Total-Count header: rows before paging)",
        querystring: SupplierShortageQuerySchema,
        response: {
          200: exportResponse(
            z.union([
              z.array(SupplierShortageSchema),
              z.array(SupplierShortageRollSchema),
              z.array(ReceiptShortageSchema),
            ]),
            "One row per supplier, the supplier's rolls when supplier is given, or one row per delivery with groupBy=receipt",
          ),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const { filters, supplierId, page, format, sort, groupBy } = request.query;
      const withCost = seesCost(request.user);
      const date = localIsoDate(app.config.now());
      const parts: NamePart[] = [
        ["from", filters.startDate],
        ["to", filters.endDate],
      ];
      if (groupBy === "receipt") {
        const { rows, total } = await listReceiptShortages(db.kysely, filters, supplierId, page, withCost);
        reply.header("X-Total-Count", String(total));
        if (format === "json") return sendJsonRows(reply, rows);
        const file = {
          name: "supplier-shortages-by-receipt",
          parts,
          date,
          title: "Supplier Shortages by Receipt",
        };
        return sendExport(reply, format, file, receiptShortageColumns(withCost), rows);
      }
      if (supplierId !== undefined) {
        const [rows, total, supplier] = await Promise.all([
          listSupplierShortageRolls(db.kysely, supplierId, filters, page, withCost),
          countSupplierShortageRolls(db.kysely, supplierId, filters),
          findSupplierById(db.kysely, supplierId),
        ]);
        reply.header("X-Total-Count", String(total));
        if (format === "json") return sendJsonRows(reply, rows);
        const file = {
          name: "supplier-shortages",
          parts: [["supplier", supplier?.name ?? String(supplierId)] as const, ...parts],
          date,
          title: "Supplier Shortage Rolls",
        };
        return sendExport(reply, format, file, supplierShortageRollColumns(withCost), rows);
      }
      const { rows, total } = await listSupplierShortages(db.kysely, filters, page, withCost, sort);
      reply.header("X-Total-Count", String(total));
      if (format === "json") return sendJsonRows(reply, rows);
      const file = { name: "supplier-shortages", parts, date, title: "Supplier Shortages" };
      return sendExport(reply, format, file, supplierShortageColumns(withCost), rows);
    },
  );

  app.get(
    "/reports/supplier-shortages/claims/:id",
    {
      config: { access: "read" },
      schema: {
        tags: ["reports"],
        summary:
          "The data of a printable shortage claim for one delivery (a receipt's id): the receipt and its purchase " +
          "order, each roll's ticket against measured and short yards (admins also the value), and the totals",
        params: idParamsSchema,
        response: { 200: ShortageClaimSchema, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request) =>
      shortageClaim(db.kysely, request.params.id, seesCost(request.user), app.config.currency),
  );
};
