import { useRoute } from "wouter";
import { OrderDetailScreen } from "../../features/orders/components/order-detail-screen";
import { PickListScreen } from "../../features/orders/components/pick-list-screen";
import { PickScreen } from "../../features/orders/components/pick-screen";

const SCREENS = { detail: OrderDetailScreen, "pick-list": PickListScreen, pick: PickScreen };

/** /orders/{id}, /orders/{id}/pick-list and /orders/{id}/pick; an id that is no whole number is "not found". */
export default function OrderDetailRoute() {
  const [, params] = useRoute<{ id: string; view?: string }>("/orders/:id/:view?");
  const id = Number(params?.id);
  const view = params?.view === "pick-list" || params?.view === "pick" ? params.view : "detail";
  const Screen = SCREENS[view];
  return <Screen id={Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null} />;
}
