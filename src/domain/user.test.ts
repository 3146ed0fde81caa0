import { describe, expect, it } from "vitest";
import {
  ChangePasswordSchema,
  CreateUserSchema,
  LoginSchema,
  MeSchema,
  passwordSchema,
  roleSchema,
  SetupSchema,
  UpdateUserSchema,
  UserSchema,
  usernameSchema,
} from "./user";

function messages(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const r = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);
}

const CHARACTERS = "Username may use letters, digits and . _ @ -";

describe("usernameSchema", () => {
  it("accepts letters and digits of any script and . _ @ -, trimmed", () => {
    for (const name of ["admin", "siti.r@gudang", "user_2", "Ana-Maria", "Ñoño", "用户1", "٣clerk", "a"]) {
      expect(usernameSchema.parse(name), name).toBe(name);
    }
    expect(usernameSchema.parse("  clerk2  ")).toBe("clerk2");
    expect(usernameSchema.parse("x".repeat(64))).toHaveLength(64);
  });

  it("refuses any other character, wherever it is", () => {
    for (const name of ["bad name", "!admin", "admin!", "ad#min", "clerk/2", "a+b", "x:y"]) {
      expect(messages(usernameSchema, name), name).toEqual([["", CHARACTERS]]);
    }
  });

  it("words the missing and too long cases", () => {
    for (const value of [undefined, "", "   "]) {
      expect(messages(usernameSchema, value), String(value)).toEqual([["", "Username is required"]]);
    }
    expect(messages(usernameSchema, "x".repeat(65))).toEqual([
      ["", "Username must be at most 64 characters"],
    ]);
  });
});

describe("passwordSchema", () => {
  it("takes 8 to 128 characters as typed, spaces kept", () => {
    expect(passwordSchema.parse("12345678")).toBe("12345678");
    expect(passwordSchema.parse(" pass word ")).toBe(" pass word ");
    expect(passwordSchema.parse("p".repeat(128))).toHaveLength(128);
    expect(messages(passwordSchema, "1234567")).toEqual([["", "Password must be at least 8 characters"]]);
    expect(messages(passwordSchema, "p".repeat(129))).toEqual([
      ["", "Password must be at most 128 characters"],
    ]);
    expect(messages(passwordSchema, undefined)).toEqual([["", "Password is required"]]);
  });
});

describe("the user forms' schemas", () => {
  it("sign-in: both fields required, the username trimmed, the password as typed", () => {
    expect(LoginSchema.parse({ username: " admin ", password: " x " })).toEqual({
      username: "admin",
      password: " x ",
    });
    expect(messages(LoginSchema, { username: " ", password: "" })).toEqual([
      ["username", "Username is required"],
      ["password", "Password is required"],
    ]);
    expect(messages(LoginSchema, {})).toEqual([
      ["username", "Username is required"],
      ["password", "Password is required"],
    ]);
  });

  it("first run and new users: username, password and (for new users) a role", () => {
    expect(SetupSchema.parse({ username: "admin", password: "correct horse" })).toEqual({
      username: "admin",
      password: "correct horse",
    });
    expect(CreateUserSchema.parse({ username: "siti", password: "12345678", role: "clerk" })).toEqual({
      username: "siti",
      password: "12345678",
      role: "clerk",
    });
    expect(messages(CreateUserSchema, { username: "siti", password: "12345678", role: "owner" })).toEqual([
      ["role", "Role must be admin, clerk or viewer"],
    ]);
    for (const role of ["admin", "clerk", "viewer"]) expect(roleSchema.parse(role)).toBe(role);
  });

  it("updates change only what is sent; a password change needs the current one", () => {
    expect(UpdateUserSchema.parse({})).toEqual({});
    expect(UpdateUserSchema.parse({ role: "viewer", isActive: false, password: "new secret" })).toEqual({
      role: "viewer",
      isActive: false,
      password: "new secret",
    });
    expect(messages(UpdateUserSchema, { password: "short" })).toEqual([
      ["password", "Password must be at least 8 characters"],
    ]);
    expect(ChangePasswordSchema.parse({ currentPassword: "old", newPassword: "new secret" })).toEqual({
      currentPassword: "old",
      newPassword: "new secret",
    });
    expect(messages(ChangePasswordSchema, { currentPassword: "", newPassword: "new secret" })).toEqual([
      ["currentPassword", "Current password is required"],
    ]);
    expect(messages(ChangePasswordSchema, { newPassword: "new secret" })).toEqual([
      ["currentPassword", "Current password is required"],
    ]);
  });

  it("answers keep every field", () => {
    const user = {
      id: 1,
      username: "admin",
      role: "admin",
      isActive: true,
      createdAt: "2024-03-05T08:00:00.000Z",
      language: "id",
      lengthUnit: "m",
    };
    expect(UserSchema.parse(user)).toEqual(user);
    expect(MeSchema.parse({ user, setupRequired: false, currency: "USD" })).toEqual({
      user,
      setupRequired: false,
      currency: "USD",
    });
    expect(MeSchema.parse({ user: null, setupRequired: true, currency: "EUR" })).toEqual({
      user: null,
      setupRequired: true,
      currency: "EUR",
    });
  });
});
