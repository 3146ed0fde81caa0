import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { UpdateUserSchema, User } from "../../../../domain/user";
import { api } from "../../../lib/api-client";
import { userKeys } from "./query-keys";

export type UpdateUserInput = z.output<typeof UpdateUserSchema>;

/** Changes the role, deactivates / reactivates, or resets the password (PATCH, only the given fields). */
export function updateUser(id: number, patch: UpdateUserInput): Promise<User> {
  return api.patch<User>(`/api/users/${id}`, patch);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: UpdateUserInput }) => updateUser(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
