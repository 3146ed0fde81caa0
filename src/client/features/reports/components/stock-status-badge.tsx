import { stockRowStatus } from "../../../../domain/low-stock";
import { Badge } from "../../../components/ui/badge";
import { useT } from "../../../i18n";

/**
 * Red "Low Stock" when the row is flagged low, green "In Stock" otherwise, and "Out of Stock" at 0:
 * red when the row is an alert (its batch-level threshold, or its material's total, is low), grey
 * for a used-up batch that is not.
 */
export function StockStatusBadge({ row }: { row: { availableYards: number; isLowStock: boolean } }) {
  const { t } = useT();
  const status = stockRowStatus(row);
  if (status === "In Stock") return <Badge variant="success">{t("reports.status.inStock")}</Badge>;
  if (status === "Low Stock") return <Badge variant="destructive">{t("reports.status.lowStock")}</Badge>;
  // The longest of the three words: it may wrap on a phone rather than widen the table.
  return (
    <Badge
      variant={row.isLowStock ? "destructive" : "muted"}
      className="max-sm:whitespace-normal max-sm:text-center"
    >
      {t("reports.status.outOfStock")}
    </Badge>
  );
}
