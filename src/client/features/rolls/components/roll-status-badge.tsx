import type { RollStatus } from "../../../../domain/roll";
import { Badge } from "../../../components/ui/badge";
import { t } from "../../../i18n";

const VARIANT = { "In Stock": "success", Remnant: "warning", "Used Up": "muted" } as const;
const KEY = { "In Stock": "inStock", Remnant: "remnant", "Used Up": "usedUp" } as const;

/** A roll status in the user's language ("In Stock", "Tersedia"). */
export const rollStatusText = (status: RollStatus): string => t(`rolls.status.${KEY[status]}`);

/** In Stock (green), Remnant (amber: sell or use it first), Used Up (grey). */
export function RollStatusBadge({ status }: { status: RollStatus }) {
  return <Badge variant={VARIANT[status]}>{rollStatusText(status)}</Badge>;
}
