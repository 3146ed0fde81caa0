import type { Role } from "../../../domain/roles";

export const ROLE_LABELS: Record<Role, string> = { admin: "Administrator", clerk: "Clerk", viewer: "Viewer" };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, including setup changes and users.",
  clerk: "Records transactions and sees everything.",
  viewer: "Sees everything, changes nothing.",
};

/** "clerk1 is now a viewer." */
export const ROLE_WITH_ARTICLE: Record<Role, string> = {
  admin: "an administrator",
  clerk: "a clerk",
  viewer: "a viewer",
};
