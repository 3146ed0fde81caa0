import type * as React from "react";
import { createContext, useContext } from "react";
import { type Access, roleAllows } from "../../../domain/roles";
import type { User } from "../../../domain/user";

const CurrentUserContext = createContext<User | null>(null);

export function CurrentUserProvider({ user, children }: { user: User; children: React.ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in user; only inside the shell (the auth gate renders the shell for a user only). */
export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser() outside the signed-in shell");
  return user;
}

/**
 * Whether the signed-in user's role allows `access` (src/domain/roles.ts):
 * "read" anyone, "record" admin and clerk (transactions), "admin" admin only (setup changes, users).
 */
export function useCan(access: Access): boolean {
  return roleAllows(useCurrentUser().role, access);
}
