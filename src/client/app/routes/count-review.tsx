import { useRoute } from "wouter";
import { ReviewScreen } from "../../features/counts/review-screen";
import NotFound from "./not-found";

/** /counts/{id}: the review of a count, its Post and Cancel, and its printable sheet. */
export default function CountReviewRoute() {
  const [, params] = useRoute("/counts/:id");
  const id = Number(params?.id);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? <ReviewScreen id={id} /> : <NotFound />;
}
