import type { User } from "../../domain/user";

/**
 * Money is admin-only (CONTRACT.md section 11): the one place that decides whether an answer
 * carries cost fields (unitCost, valueAmount, shortValue, stockValue). Other roles get the same
 * answers without them (absent, not null), and 403 on the value reports (their routes' access).
 */
export function seesCost(user: User | null | undefined): boolean {
  return user?.role === "admin";
}
