import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema, plainText } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { postingBodySchemaFor } from "../../../domain/posting-body";
import { ReverseInputSchema } from "../../../domain/reversal";
import { localIsoDate, transactionSchemaFor } from "../../../domain/transaction";
import { KIND_INFO, TRANSACTION_KINDS } from "../../../domain/transaction-kinds";
import {
  TransactionCountsSchema,
  TransactionDetailSchema,
  TransactionListRowSchema,
} from "../../../domain/transaction-views";
import { seesCost } from "../../lib/cost-access";
import { exportResponse, sendExport } from "../../lib/export";
import { forbidden, notFound, unauthorized } from "../../lib/http-errors";
import { sendJsonRows } from "../../lib/list/list-body";
import { transactionNameParts } from "../export-names";
import { IDEMPOTENCY_KEY_MAX } from "./posting/idempotency";
import { postTransaction } from "./posting.service";
import { reverseTransaction } from "./reversal.service";
import { withCostCorrections } from "./transaction-corrections";
import { findTransactionDetail } from "./transaction-detail.repository";
import { TRANSACTION_LINE_COLUMNS } from "./transactions.export";
import { TransactionFilterQuerySchema, TransactionListQuerySchema } from "./transactions.query";
import {
  countTransactions,
  countTransactionsByType,
  listTransactionLines,
  listTransactions,
} from "./transactions.repository";

const tags = ["transactions"];
const e = apiErrorSchema;

const PostingHeadersSchema = z.looseObject({
  "idempotency-key": plainText()
    .trim()
    .min(1, errorText("IDEMPOTENCY_KEY_BLANK"))
    .max(IDEMPOTENCY_KEY_MAX, errorText("IDEMPOTENCY_KEY_TOO_LONG", { max: IDEMPOTENCY_KEY_MAX }))
    .optional()
    .describe("Optional. A repeat with the same key and body returns the first answer and posts nothing."),
});

/** The stock ledger: post the six kinds, read the history and one transaction (CONTRACT.md section 2). */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    "/transactions",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary:
          "List transactions, newest first or as sorted, optionally searched with q (X-Total-Count header: matches before paging)",
        querystring: TransactionListQuerySchema,
        response: {
          200: exportResponse(
            z.array(TransactionListRowSchema),
            "Transactions; format=csv|xlsx: the transaction history export, one row per ledger line",
          ),
          400: e,
          401: e,
        },
      },
    },
    async (request, reply) => {
      const { filters, sort, page, format } = request.query;
      if (format !== "json") {
        // The transaction history export: the lines of the transactions the list would answer.
        const [lines, total, parts] = await Promise.all([
          listTransactionLines(db.kysely, filters, page, sort),
          countTransactions(db.kysely, filters),
          transactionNameParts(db.kysely, filters),
        ]);
        reply.header("X-Total-Count", String(total));
        const date = localIsoDate(app.config.now());
        const file = { name: "transactions", parts, date, title: "Transaction History" };
        return sendExport(reply, format, file, TRANSACTION_LINE_COLUMNS, lines);
      }
      if (page.limit === undefined && page.offset === 0) {
        const rows = await listTransactions(db.kysely, filters, page, sort);
        reply.header("X-Total-Count", String(rows.length));
        return sendJsonRows(reply, rows);
      }
      const [rows, total] = await Promise.all([
        listTransactions(db.kysely, filters, page, sort),
        countTransactions(db.kysely, filters),
      ]);
      reply.header("X-Total-Count", String(total));
      return sendJsonRows(reply, rows);
    },
  );

  app.get(
    "/transactions/counts",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "Count transactions per type with the list's filters (history cards)",
        querystring: TransactionFilterQuerySchema,
        response: { 200: TransactionCountsSchema, 400: e, 401: e },
      },
    },
    async (request) => countTransactionsByType(db.kysely, request.query),
  );

  app.get(
    "/transactions/:id",
    {
      config: { access: "read" },
      schema: {
        tags,
        summary: "One transaction: header and lines",
        params: idParamsSchema,
        response: { 200: TransactionDetailSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const detail = await findTransactionDetail(db.kysely, request.params.id);
      if (!detail) throw notFound(errorText("TRANSACTION_NOT_FOUND"));
      return withCostCorrections(db.kysely, detail, seesCost(request.user));
    },
  );

  app.post(
    "/transactions/:id/reverse",
    {
      config: { access: "record" },
      schema: {
        tags,
        summary: "Reverse a transaction: post its exact negation, on the same rolls (CONTRACT.md section 10)",
        params: idParamsSchema,
        body: ReverseInputSchema,
        response: { 201: TransactionDetailSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const detail = await reverseTransaction(db, {
        transactionId: request.params.id,
        input: request.body,
        user,
        now: app.config.now(),
      });
      return reply.status(201).send(detail);
    },
  );

  // One route per kind: each documents its own rules, and an unknown kind is a plain 404.
  for (const kind of TRANSACTION_KINDS) {
    app.post(
      `/transactions/${kind}`,
      {
        // The document shows the kind's own body (its required fields, its reason codes); the
        // validating schema reports every missing field with the spec's words.
        config: { access: "record", openapi: { body: postingBodySchemaFor(kind) } },
        schema: {
          tags,
          summary: `Post a ${KIND_INFO[kind].type} transaction`,
          headers: PostingHeadersSchema,
          body: transactionSchemaFor(kind),
          response: { 201: TransactionDetailSchema, 400: e, 401: e, 403: e, 409: e },
        },
      },
      async (request, reply) => {
        const user = request.user;
        if (!user) throw unauthorized();
        if (request.body.allowOver && user.role !== "admin")
          throw forbidden(errorText("OVER_RECEIPT_ADMIN_ONLY"));
        const result = await postTransaction(db, {
          kind,
          input: request.body,
          userId: user.id,
          username: user.username,
          now: app.config.now(),
          idempotencyKey: request.headers["idempotency-key"] ?? null,
        });
        // 201, also when an Idempotency-Key repeat replays the stored first answer.
        return reply.status(result.status as 201).send(result.body);
      },
    );
  }
};
