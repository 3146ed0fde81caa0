import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import {
  ChangePasswordSchema,
  LoginSchema,
  MeSchema,
  SetupSchema,
  UpdateMeSchema,
  UserSchema,
} from "../../../domain/user";
import { withWriteTransaction } from "../../db/database";
import { AppError, conflict, isUniqueViolation, unauthorized } from "../../lib/http-errors";
import { recordChange } from "../history/record";
import {
  countUsers,
  createSession,
  deleteSession,
  deleteUserSessions,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
} from "./auth.repository";
import { beginPasswordAttempt, passwordAttemptSucceeded, throttleKeys } from "./login-throttle";
import { hashPassword, verifyPassword } from "./password";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "./session-cookie";

const INVALID_CREDENTIALS = errorText("INVALID_CREDENTIALS");
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // A valid hash of a random password, made on first need, so that an unknown username costs as much
  // as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const getDummyHash = () => {
    dummyHash ??= hashPassword(randomUUID(), app.config.scryptN);
    return dummyHash;
  };
  const authLimit = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: "1 minute" } };

  app.get(
    "/auth/me",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Who is signed in, and whether first-run setup is needed",
        response: { 200: MeSchema },
      },
    },
    async (request) => {
      const setupRequired = request.user ? false : (await countUsers(db.kysely)) === 0;
      return { user: request.user, setupRequired, currency: app.config.currency };
    },
  );

  app.patch(
    "/auth/me",
    {
      config: { access: "read" },
      schema: {
        tags: ["auth"],
        summary: "Set my language and length unit (kept on my user, for every device)",
        body: UpdateMeSchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    async (request) => {
      const me = request.user;
      if (!me) throw unauthorized();
      const user = await withWriteTransaction(db, async (trx) => {
        const after = await updateUser(trx, me.id, request.body);
        if (!after) throw unauthorized();
        await recordChange(trx, {
          entity: "user",
          entityId: me.id,
          before: me,
          after,
          by: me,
          at: app.config.now(),
        });
        return after;
      });
      return { user, setupRequired: false, currency: app.config.currency };
    },
  );

  app.post(
    "/auth/setup",
    {
      config: { access: "public", ...authLimit },
      schema: {
        tags: ["auth"],
        summary: "First run: create the administrator (only while no user exists)",
        body: SetupSchema,
        response: { 201: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password, app.config.scryptN);
      const now = app.config.now();
      const user = await withWriteTransaction(db, async (trx) => {
        if ((await countUsers(trx)) > 0) throw conflict(errorText("ADMIN_EXISTS"));
        // The marker row's primary key makes two concurrent first-run requests create one admin.
        await trx.insertInto("schema_meta").values({ key: "setup_done", value: now.toISOString() }).execute();
        const admin = await insertUser(
          trx,
          { username: request.body.username, passwordHash, role: "admin" },
          now,
        );
        // The first administrator creates itself: the first row of its history.
        await recordChange(trx, {
          entity: "user",
          entityId: admin.id,
          before: null,
          after: admin,
          by: admin,
          at: now,
        });
        return admin;
      }).catch((error) => {
        if (isUniqueViolation(error)) throw conflict(errorText("ADMIN_EXISTS"));
        throw error;
      });
      const token = await createSession(db.kysely, user.id, now);
      setSessionCookie(request, reply, token);
      return reply.status(201).send(user);
    },
  );

  app.post(
    "/auth/login",
    {
      config: { access: "public", ...authLimit },
      schema: {
        tags: ["auth"],
        summary: "Sign in",
        body: LoginSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = app.config.now();
      const { username, password } = request.body;
      const keys = throttleKeys(request.ip, username);
      // Counted as a failure before the check (429 when over the limit), forgiven on success.
      await beginPasswordAttempt(db.kysely, keys, now);
      const user = await findUserByUsername(db.kysely, username);
      // Verify even for unknown users so that timing does not reveal which usernames exist.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
      if (!user || !ok || !user.isActive) throw unauthorized(INVALID_CREDENTIALS);
      await passwordAttemptSucceeded(db.kysely, keys);
      // A new session id at every sign-in; an old cookie sent along is ended (no session fixation).
      if (request.sessionToken) await deleteSession(db.kysely, request.sessionToken);
      const token = await createSession(db.kysely, user.id, now);
      setSessionCookie(request, reply, token);
      const { passwordHash: _hash, ...publicUser } = user;
      return publicUser;
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Sign out (ends the session on the server)",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const token = readSessionCookie(request);
      if (token) await deleteSession(db.kysely, token);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/auth/password",
    {
      config: { access: "read", ...authLimit },
      schema: {
        tags: ["auth"],
        summary: "Change my password (ends my other sessions)",
        body: ChangePasswordSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const me = request.user;
      if (!me) throw unauthorized();
      // A wrong current password is a failed sign-in for this user: a borrowed session must not
      // become an unthrottled way to guess the password.
      const keys = throttleKeys(request.ip, me.username);
      await beginPasswordAttempt(db.kysely, keys, app.config.now());
      const user = await findUserById(db.kysely, me.id);
      if (!user || !(await verifyPassword(request.body.currentPassword, user.passwordHash))) {
        throw new AppError(400, "VALIDATION_ERROR", errorText("CURRENT_PASSWORD_WRONG"), [
          { path: "currentPassword", message: errorText("CURRENT_PASSWORD_WRONG") },
        ]);
      }
      await passwordAttemptSucceeded(db.kysely, keys);
      const passwordHash = await hashPassword(request.body.newPassword, app.config.scryptN);
      await withWriteTransaction(db, async (trx) => {
        const at = app.config.now();
        await updateUser(trx, me.id, { passwordHash });
        await recordChange(trx, {
          entity: "user",
          entityId: me.id,
          before: me,
          after: me,
          by: me,
          at,
          passwordChanged: true,
        });
      });
      await deleteUserSessions(db.kysely, me.id, request.sessionToken ?? undefined);
      return reply.status(204).send(null);
    },
  );
};
