import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { api } from "../../../lib/api-client";
import { replaceSignedInUser } from "./replace-signed-in-user";

export function signOut(): Promise<void> {
  return api.post<void>("/api/auth/logout");
}

/** Ends the session, forgets all loaded data and returns to the sign-in page (at "/"). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      replaceSignedInUser(queryClient, { user: null, setupRequired: false });
      navigate("/", { replace: true });
    },
  });
}
