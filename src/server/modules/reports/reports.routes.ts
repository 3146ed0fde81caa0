import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/common";
import {
  AgingRowSchema,
  AgingSummarySchema,
  LowStockRowSchema,
  STOCK_GROUP_LABELS,
  StockStatusGroupSchema,
  sumYards,
} from "../../../domain/report";
import { StockLevelSchema } from "../../../domain/stock";
import { localIsoDate } from "../../../domain/transaction";
import { exportResponse, sendExport } from "../../lib/export";
import { sendJsonRows } from "../../lib/list/list-body";
import type { Page } from "../../lib/list/list-query";
import { stockNameParts, warehouseNameParts } from "../export-names";
import { assertAsOfNotFuture, withAsOfBase } from "../stock/as-of";
import { listStockLevels } from "../stock/stock.repository";
import { agingSummary, countAging, listAging } from "./aging.repository";
import { AGING_COLUMNS, LOW_STOCK_COLUMNS, STOCK_STATUS_COLUMNS, stockGroupColumns } from "./reports.export";
import {
  AgingQuerySchema,
  AgingSummaryQuerySchema,
  LowStockQuerySchema,
  StockStatusQuerySchema,
} from "./reports.query";
import {
  countLowStock,
  countStockGroups,
  listLowStock,
  listStockGroups,
  stockTotals,
} from "./reports.repository";

const tags = ["reports"];
const e = apiErrorSchema;
const paged = (page: Page) => page.limit !== undefined || page.offset > 0;

function totalHeaders(reply: FastifyReply, count: number, yards?: number) {
  reply.header("X-Total-Count", String(count));
  if (yards !== undefined) reply.header("X-Total-Yards", String(yards));
}

/**
 * The four reports (spec section 2, CONTRACT.md sections 3-5), computed by the database: filters,
 * grouping and sums in SQL, rows loaded only for the page asked for. Every list answers
 * `format=csv` and `format=xlsx` with the same filters.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const today = () => localIsoDate(app.config.now());

  app.get(
    "/reports/stock-status",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary:
          "Stock status: the stock-levels rows, or with groupBy=type|color|batch|warehouse [{group, totalAvailableYards, items}]. " +
          "X-Total-Count: rows (or groups) before paging; X-Total-Yards: yards of all matching rows (the Total Inventory figure)",
        querystring: StockStatusQuerySchema,
        response: {
          200: exportResponse(
            z.union([z.array(StockLevelSchema), z.array(StockStatusGroupSchema)]),
            "Stock rows, or groups when groupBy is given",
          ),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const { groupBy, sort, page, format } = request.query;
      assertAsOfNotFuture(request.query.filters.asOf, today());
      const filters = await withAsOfBase(db, request.query.filters);
      if (groupBy) {
        const groups = await listStockGroups(db.kysely, filters, groupBy, page, sort.groups);
        if (paged(page)) {
          const [count, totals] = await Promise.all([
            countStockGroups(db.kysely, filters, groupBy),
            stockTotals(db.kysely, filters),
          ]);
          totalHeaders(reply, count, totals.yards);
        } else {
          totalHeaders(reply, groups.length, sumYards(groups.map((g) => g.totalAvailableYards)));
        }
        if (format === "json") return sendJsonRows(reply, groups);
        const file = {
          name: `stock-status-by-${groupBy}`,
          parts: await stockNameParts(db.kysely, filters),
          date: today(),
          title: `Stock by ${STOCK_GROUP_LABELS[groupBy]}`,
        };
        return sendExport(reply, format, file, stockGroupColumns(groupBy), groups);
      }
      const rows = await listStockLevels(db.kysely, filters, page, sort.rows);
      if (paged(page)) {
        const totals = await stockTotals(db.kysely, filters);
        totalHeaders(reply, totals.rows, totals.yards);
      } else {
        totalHeaders(reply, rows.length, sumYards(rows.map((r) => r.availableYards)));
      }
      if (format === "json") return sendJsonRows(reply, rows);
      const parts = await stockNameParts(db.kysely, filters);
      const file = { name: "stock-status", parts, date: today(), title: "Stock Status" };
      return sendExport(reply, format, file, STOCK_STATUS_COLUMNS, rows);
    },
  );

  app.get(
    "/reports/low-stock",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary:
          "Low stock: batch rows at/below their batch-level threshold and material rows (batch null, All Batches: the " +
          "material's total in a warehouse at/below its type+color-level threshold); status Out of Stock at 0, else " +
          "Low Stock (X-Total-Count header: matches before paging; the dashboard's lowStockCount)",
        querystring: LowStockQuerySchema,
        response: {
          200: exportResponse(z.array(LowStockRowSchema), "Low stock rows by type, color, batch, warehouse"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const { warehouseId, sort, page, format } = request.query;
      const rows = await listLowStock(db.kysely, warehouseId, page, sort);
      totalHeaders(reply, paged(page) ? await countLowStock(db.kysely, warehouseId) : rows.length);
      if (format === "json") return sendJsonRows(reply, rows);
      const parts = await warehouseNameParts(db.kysely, warehouseId);
      const file = { name: "low-stock", parts, date: today(), title: "Low Stock" };
      return sendExport(reply, format, file, LOW_STOCK_COLUMNS, rows);
    },
  );

  app.get(
    "/reports/aging",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary:
          "Inventory aging: one row per material and batch with stock, oldest first; status New 0-30, Normal 31-60, " +
          "Aging 61-90, Old 91+ days (X-Total-Count header: matches before paging)",
        querystring: AgingQuerySchema,
        response: {
          200: exportResponse(z.array(AgingRowSchema), "Aging rows"),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const { filters, sort, page, format } = request.query;
      const date = today();
      const rows = await listAging(db.kysely, filters, date, page, sort);
      totalHeaders(reply, paged(page) ? await countAging(db.kysely, filters, date) : rows.length);
      if (format === "json") return sendJsonRows(reply, rows);
      const parts = [
        ["type", filters.typeName],
        ["age", filters.ageGroup],
      ] as const;
      const file = { name: "inventory-aging", parts, date, title: "Inventory Aging" };
      return sendExport(reply, format, file, AGING_COLUMNS, rows);
    },
  );

  app.get(
    "/reports/aging/summary",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "Available yards per age band (the aging report's four cards), with the type filter",
        querystring: AgingSummaryQuerySchema,
        response: { 200: AgingSummarySchema, 400: e, 401: e },
      },
    },
    async (request) => agingSummary(db.kysely, request.query, today()),
  );
};
