export const ROLES = ["admin", "clerk", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a route needs. public: no session. read: any signed-in user. record: may post
 * transactions (admin, clerk). admin: setup and users.
 */
export type Access = "public" | "read" | "record" | "admin";

export function roleAllows(role: Role, access: Access): boolean {
  switch (access) {
    case "public":
    case "read":
      return true;
    case "record":
      return role === "admin" || role === "clerk";
    case "admin":
      return role === "admin";
  }
}
