import { useRoute } from "wouter";
import { ShortageClaimScreen } from "../../features/costs/shortage-claim-screen";

/** /reports/supplier-shortages/claims/{receiptId}: one delivery's printable shortage claim. */
export default function ShortageClaimRoute() {
  const [, params] = useRoute("/reports/supplier-shortages/claims/:id");
  const id = Number(params?.id);
  return <ShortageClaimScreen id={Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null} />;
}
