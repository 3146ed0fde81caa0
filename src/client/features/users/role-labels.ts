import type { Role } from "../../../domain/roles";

export const ROLE_LABELS: Record<Role, string> = { admin: "Administrator", clerk: "Clerk", viewer: "Viewer" };

/** What each role may do (CONTRACT.md section 6): money (costs, values) is the administrator's only. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, including costs and values, setup changes and users.",
  clerk: "Records transactions and sees everything but money (costs and values).",
  viewer: "Sees everything but money (costs and values), changes nothing.",
};

/** "clerk1 is now a viewer." */
export const ROLE_WITH_ARTICLE: Record<Role, string> = {
  admin: "an administrator",
  clerk: "a clerk",
  viewer: "a viewer",
};
