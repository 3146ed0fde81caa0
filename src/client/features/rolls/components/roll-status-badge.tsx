import type { RollStatus } from "../../../../domain/roll";
import { Badge } from "../../../components/ui/badge";

const VARIANT = { "In Stock": "success", Remnant: "warning", "Used Up": "muted" } as const;

/** In Stock (green), Remnant (amber: sell or use it first), Used Up (grey). */
export function RollStatusBadge({ status }: { status: RollStatus }) {
  return <Badge variant={VARIANT[status]}>{status}</Badge>;
}
