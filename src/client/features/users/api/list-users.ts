import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "../../../../domain/user";
import { api } from "../../../lib/api-client";
import { userKeys } from "./query-keys";

export function listUsers(): Promise<User[]> {
  return api.get<User[]>("/api/users");
}

export const usersQueryOptions = () => queryOptions({ queryKey: userKeys.list(), queryFn: listUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
