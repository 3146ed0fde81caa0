import { useQueryClient } from "@tanstack/react-query";
import { orderKeys } from "./query-keys";

/** A reservation, a cancel or a posting changes the orders and what every roll has free. */
export function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      orderKeys.all,
      ["rolls"],
      ["stock"],
      ["transactions"],
      ["dashboard"],
      ["reports"],
    ])
      void queryClient.invalidateQueries({ queryKey });
  };
}
