import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "../../../../domain/user";
import { authKeys } from "./query-keys";

/**
 * On sign-in and sign-out: drop every query that belonged to the previous user, and set who is
 * signed in now. The "who am I" query itself is kept and updated (not removed) so that the auth
 * gate, which observes it, re-renders.
 */
export function replaceSignedInUser(queryClient: QueryClient, me: Me) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  queryClient.setQueryData<Me>(authKeys.me(), me);
}
