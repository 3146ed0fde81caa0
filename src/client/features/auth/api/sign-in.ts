import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { User } from "../../../../domain/user";
import { api } from "../../../lib/api-client";
import { currentReturnPath } from "../return-path";
import { replaceSignedInUser } from "./replace-signed-in-user";

export interface SignInInput {
  username: string;
  password: string;
}

export function signIn(input: SignInInput): Promise<User> {
  return api.post<User>("/api/auth/login", input);
}

/** Signs in and stays on the address first asked for (the sign-in page shows in place), if it is safe. */
export function useSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      // Whatever a previous user had loaded must not show for this one.
      replaceSignedInUser(queryClient, { user, setupRequired: false });
      navigate(currentReturnPath(window.location), { replace: true });
    },
  });
}
