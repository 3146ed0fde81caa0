import { useRoute } from "wouter";
import { CostsScreen } from "../../features/costs/costs-screen";

/** /transactions/{id}/costs: a receipt's costs that arrive later (admins). */
export default function TransactionCostsRoute() {
  const [, params] = useRoute("/transactions/:id/costs");
  const id = Number(params?.id);
  return <CostsScreen id={Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null} />;
}
