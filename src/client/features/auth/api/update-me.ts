import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Me, UpdateMe, User } from "../../../../domain/user";
import { api } from "../../../lib/api-client";
import { authKeys } from "./query-keys";

export function updateMe(body: UpdateMe): Promise<{ user: User }> {
  return api.patch<{ user: User }>("/api/auth/me", body);
}

/**
 * The signed-in user's language and length unit, kept on the user (every device). The "who am I"
 * answer is updated with the saved user, which switches the screen (app.tsx's locale follows it).
 */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<Me>(authKeys.me(), (old) => (old ? { ...old, user } : old));
    },
  });
}
