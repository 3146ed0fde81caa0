import { useRoute } from "wouter";
import { CountingScreen } from "../../features/counts/counting-screen";
import NotFound from "./not-found";

/** /counts/{id}/count: the phone screen a clerk counts with. */
export default function CountingRoute() {
  const [, params] = useRoute("/counts/:id/count");
  const id = Number(params?.id);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? <CountingScreen id={id} /> : <NotFound />;
}
