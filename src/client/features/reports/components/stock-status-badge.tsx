import { Badge } from "../../../components/ui/badge";

/** Red "Low Stock" when the row is flagged low, else green "In Stock". */
export function StockStatusBadge({ low }: { low: boolean }) {
  return low ? <Badge variant="destructive">Low Stock</Badge> : <Badge variant="success">In Stock</Badge>;
}
