import { useRoute } from "wouter";
import { RollDetailScreen } from "../../features/rolls/components/roll-detail-screen";

/** /inventory/rolls/{id}; an id that is not a positive whole number shows "Roll not found". */
export default function RollDetailRoute() {
  const [, params] = useRoute("/inventory/rolls/:id");
  const id = Number(params?.id);
  return <RollDetailScreen id={Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null} />;
}
