import { z } from "zod";
import { badCharacter, hasVisibleCharacter, idSchema, plainText, requiredText } from "./common";
import { errorText } from "./error-text";
import { LANGUAGES, LENGTH_UNITS } from "./length-units";
import { ROLES } from "./roles";

export const passwordSchema = plainText({
  max: 128,
  maxMessage: errorText("PASSWORD_TOO_LONG"),
  error: errorText("PASSWORD_REQUIRED"),
}).min(8, errorText("PASSWORD_TOO_SHORT"));

// The character rule speaks only when the other rules are met, so that a blank, zero-width or NUL
// username hears one message.
const USERNAME_CHARACTERS = /^[\p{L}\p{N}._@-]*$/u;
const usernameShape = (v: string) =>
  USERNAME_CHARACTERS.test(v) || !hasVisibleCharacter(v) || badCharacter(v) !== null;

export const usernameSchema = requiredText(
  errorText("USERNAME_REQUIRED"),
  64,
  errorText("USERNAME_TOO_LONG"),
).refine(usernameShape, errorText("USERNAME_SHAPE"));

export const roleSchema = z.enum(ROLES, { error: errorText("ROLE_INVALID") });

export const LoginSchema = z.object({
  username: requiredText(errorText("USERNAME_REQUIRED"), 64),
  password: plainText({ max: 128, error: errorText("PASSWORD_REQUIRED") }).min(
    1,
    // Stryker disable next-line StringLiteral: equivalent, the schema's own error gives the same message
    errorText("PASSWORD_REQUIRED"),
  ),
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
  currentPassword: plainText({ error: errorText("CURRENT_PASSWORD_REQUIRED") }).min(
    1,
    // Stryker disable next-line StringLiteral: equivalent, the schema's own error gives the same message
    errorText("CURRENT_PASSWORD_REQUIRED"),
  ),
  newPassword: passwordSchema,
});

export const languageSchema = z.enum(LANGUAGES, { error: errorText("LANGUAGE_INVALID") });
export const lengthUnitSchema = z.enum(LENGTH_UNITS, { error: errorText("LENGTH_UNIT_INVALID") });

/** What a signed-in user may change about themselves (CONTRACT.md section 17). */
export const UpdateMeSchema = z.strictObject({
  language: languageSchema.optional(),
  lengthUnit: lengthUnitSchema.optional(),
});
export type UpdateMe = z.infer<typeof UpdateMeSchema>;

export const UserSchema = z.object({
  id: idSchema,
  username: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  language: languageSchema,
  lengthUnit: lengthUnitSchema,
});
export type User = z.infer<typeof UserSchema>;

export const MeSchema = z.object({
  user: UserSchema.nullable(),
  /** True when no user exists yet: the client leads to the first-run page. */
  setupRequired: z.boolean(),
  /** The installation's currency, ISO 4217 (CONTRACT.md section 11). */
  currency: z.string(),
});
export type Me = z.infer<typeof MeSchema>;
