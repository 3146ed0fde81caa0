import { BookOpenTextIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../../components/ui/button";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";

export const STOCK_CARD_SCREEN = "/reports/stock-card";

type StockRowScope = { materialId: number; batch: string; warehouseId: number };

/** /reports/stock-card for a material, optionally one batch and warehouse (filters in the URL). */
export function stockCardHref(scope: {
  materialId: number;
  batch?: string | null;
  warehouseId?: number | null;
}) {
  const params = new URLSearchParams({ material: String(scope.materialId) });
  if (scope.batch) params.set("batch", scope.batch);
  if (scope.warehouseId) params.set("warehouse", String(scope.warehouseId));
  return `${STOCK_CARD_SCREEN}?${params.toString()}`;
}

/** An icon button opening the stock card of a stock row (Inventory, Stock Status). */
export function StockCardIconLink({
  scope,
  label,
  className,
}: {
  scope: StockRowScope;
  className?: string;
  /** Says whose card: "Stock card of Linen Ecru, batch L1, Main Hall". */
  label: string;
}) {
  return (
    <Button variant="ghost" size="icon" className={cn("size-8", className)} asChild>
      <Link href={stockCardHref(scope)} aria-label={label} title={label}>
        <BookOpenTextIcon aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** An outlined "Open stock card" button (a roll's detail). */
export function StockCardButton({
  scope,
}: {
  scope: { materialId: number; batch?: string | null; warehouseId?: number | null };
}) {
  const { t } = useT();
  return (
    <Button variant="outline" asChild>
      <Link href={stockCardHref(scope)}>
        <BookOpenTextIcon aria-hidden="true" />
        {t("reports.stockCard.open")}
      </Link>
    </Button>
  );
}
