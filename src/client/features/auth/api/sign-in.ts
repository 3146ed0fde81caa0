import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../../../domain/user";
import { api } from "../../../lib/api-client";
import { replaceSignedInUser } from "./replace-signed-in-user";

export interface SignInInput {
  username: string;
  password: string;
}

export function signIn(input: SignInInput): Promise<User> {
  return api.post<User>("/api/auth/login", input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      // Whatever a previous user had loaded must not show for this one.
      replaceSignedInUser(queryClient, { user, setupRequired: false });
    },
  });
}
