import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** Changes the signed-in user's password; the server ends their other sessions. */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return api.post<void>("/api/auth/password", input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
