import { z } from "zod";
import { idSchema } from "./common";
import { ROLES } from "./roles";

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters");

export const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .max(64, "Username must be at most 64 characters")
  .regex(/^[\p{L}\p{N}._@-]+$/u, "Username may use letters, digits and . _ @ -");

export const roleSchema = z.enum(ROLES, { error: "Role must be admin, clerk or viewer" });

export const LoginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(64),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});

export const SetupSchema = z.object({ username: usernameSchema, password: passwordSchema });

export const CreateUserSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: roleSchema,
});

export const UpdateUserSchema = z.object({
  role: roleSchema.optional(),
  isActive: z.boolean().optional(),
  password: passwordSchema.optional(),
});

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
  newPassword: passwordSchema,
});

export const UserSchema = z.object({
  id: idSchema,
  username: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const MeSchema = z.object({
  user: UserSchema.nullable(),
  /** True when no user exists yet: the client leads to the first-run page. */
  setupRequired: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;
