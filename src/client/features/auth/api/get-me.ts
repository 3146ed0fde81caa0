import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "../../../../domain/user";
import { api } from "../../../lib/api-client";
import { authKeys } from "./query-keys";

export function getMe(): Promise<Me> {
  return api.get<Me>("/api/auth/me");
}

export const meQueryOptions = () => queryOptions({ queryKey: authKeys.me(), queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
