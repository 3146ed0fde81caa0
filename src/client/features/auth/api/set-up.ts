import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { Me, User } from "../../../../domain/user";
import { api } from "../../../lib/api-client";
import { currentReturnPath } from "../return-path";
import { authKeys } from "./query-keys";

export interface SetupInput {
  username: string;
  password: string;
}

/** First run: creates the administrator and signs them in. */
export function setUp(input: SetupInput): Promise<User> {
  return api.post<User>("/api/auth/setup", input);
}

/**
 * After the first-run setup the new administrator lands on the address they came by (the setup
 * page shows in place), checked by safeReturnPath: the Dashboard when it is not a path of this site.
 */
export function useSetUp() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: setUp,
    onSuccess: (user) => {
      queryClient.setQueryData<Me>(authKeys.me(), (old) => ({
        user,
        setupRequired: false,
        currency: old?.currency ?? "USD",
      }));
      navigate(currentReturnPath(window.location), { replace: true });
    },
  });
}
