import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { Me, User } from "../../../../domain/user";
import { api } from "../../../lib/api-client";
import { authKeys } from "./query-keys";

export interface SetupInput {
  username: string;
  password: string;
}

/** First run: creates the administrator and signs them in. */
export function setUp(input: SetupInput): Promise<User> {
  return api.post<User>("/api/auth/setup", input);
}

/** After the first-run setup the new administrator starts on the Dashboard, whatever address they came by. */
export function useSetUp() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: setUp,
    onSuccess: (user) => {
      queryClient.setQueryData<Me>(authKeys.me(), { user, setupRequired: false });
      navigate("/", { replace: true });
    },
  });
}
