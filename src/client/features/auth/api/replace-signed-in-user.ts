import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "../../../../domain/user";
import { rememberSignedIn } from "../signed-in-hint";
import { authKeys } from "./query-keys";

/**
 * On sign-in and sign-out: drop every query that belonged to the previous user, and set who is
 * signed in now. The "who am I" query itself is kept and updated (not removed) so that the auth
 * gate, which observes it, re-renders.
 */
export function replaceSignedInUser(queryClient: QueryClient, me: Omit<Me, "currency">) {
  // At once, not after the next render: a reload right after signing out must not prefetch.
  rememberSignedIn(Boolean(me.user));
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  // The installation's currency does not change with the user.
  queryClient.setQueryData<Me>(authKeys.me(), (old) => ({ ...me, currency: old?.currency ?? "USD" }));
}
