import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, idParamsSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { USER_DEFAULT_SORT, USER_SORTS } from "../../../domain/list-sorts";
import { CreateUserSchema, UpdateUserSchema, UserSchema } from "../../../domain/user";
import { withWriteTransaction } from "../../db/database";
import { conflict, isUniqueViolation, notFound } from "../../lib/http-errors";
import { pickSort, sortQueryShape } from "../../lib/list/list-sort";
import {
  countActiveAdmins,
  deleteUserSessions,
  findUserById,
  insertUser,
  listUsers,
  updateUser,
} from "../auth/auth.repository";
import { hashPassword } from "../auth/password";
import { recordChange } from "../history/record";

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Admin-only user management: list, add, change role, deactivate, reset a password. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    "/users",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "List users",
        querystring: z.object(sortQueryShape(USER_SORTS, "by username")),
        response: { 200: z.array(UserSchema), 400: apiErrorSchema },
      },
    },
    async (request) => listUsers(db.kysely, pickSort(request.query, USER_DEFAULT_SORT)),
  );

  app.post(
    "/users",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "Add a user",
        body: CreateUserSchema,
        response: { 201: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password, app.config.scryptN);
      try {
        const at = app.config.now();
        const user = await withWriteTransaction(db, async (trx) => {
          const created = await insertUser(trx, { ...request.body, passwordHash }, at);
          await recordChange(trx, {
            entity: "user",
            entityId: created.id,
            before: null,
            after: created,
            by: request.user,
            at,
          });
          return created;
        });
        return reply.status(201).send(user);
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(errorText("USER_EXISTS", { username: request.body.username }));
        throw error;
      }
    },
  );

  app.patch(
    "/users/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["users"],
        summary: "Change a user's role, deactivate or reactivate, or reset the password",
        params: idParamsSchema,
        body: UpdateUserSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { role, isActive, password } = request.body;
      const passwordHash = password ? await hashPassword(password, app.config.scryptN) : undefined;
      const user = await withWriteTransaction(db, async (trx) => {
        const existing = await findUserById(trx, id);
        if (!existing) throw notFound(errorText("USER_NOT_FOUND"));
        const losesAdmin =
          existing.role === "admin" &&
          existing.isActive &&
          ((role !== undefined && role !== "admin") || isActive === false);
        if (losesAdmin && (await countActiveAdmins(trx)) <= 1) {
          throw conflict(errorText("LAST_ADMIN"));
        }
        const updated = await updateUser(trx, id, { role, isActive, passwordHash });
        const { passwordHash: _hash, ...before } = existing;
        const at = app.config.now();
        const passwordChanged = passwordHash !== undefined;
        if (updated)
          await recordChange(trx, {
            entity: "user",
            entityId: id,
            before,
            after: updated,
            by: request.user,
            at,
            passwordChanged,
          });
        // Deactivation and a password reset end the user's sessions everywhere.
        if (isActive === false || passwordHash) await deleteUserSessions(trx, id);
        return updated;
      });
      if (!user) throw notFound(errorText("USER_NOT_FOUND"));
      return user;
    },
  );
};
