import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateUserSchema, User } from "../../../../domain/user";
import { api } from "../../../lib/api-client";
import { userKeys } from "./query-keys";

export type CreateUserInput = z.output<typeof CreateUserSchema>;

export function createUser(input: CreateUserInput): Promise<User> {
  return api.post<User>("/api/users", input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
