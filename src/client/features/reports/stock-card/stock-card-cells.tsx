import { Link } from "wouter";
import type { StockCardLine, StockCardTransaction } from "../../../../domain/stock-card";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { useMoney } from "../../../lib/money";
import { useCan } from "../../auth/current-user";
import { UnitCost } from "../components/unit-cost";

export const linkClass = "underline-offset-4 hover:underline focus-visible:underline";

export function RollCell({ line, small = false }: { line: StockCardLine; small?: boolean }) {
  if (line.rollId === null || line.rollCode === null) return <span className="text-muted-foreground">—</span>;
  return (
    <Link
      href={`/inventory/rolls/${line.rollId}`}
      className={cn("font-mono", small ? "text-xs" : "text-sm", linkClass)}
    >
      {line.rollCode}
    </Link>
  );
}

/**
 * Whether the card shows its Value column (CONTRACT.md section 11): for administrators, when the
 * lines carry the money (while loading and when empty too, so that the column does not jump in).
 */
export function useShowCardValue(lines: readonly StockCardLine[] | undefined): boolean {
  const admin = useCan("admin");
  if (!admin) return false;
  return !lines || lines.length === 0 || lines.some((l) => l.valueAmount !== undefined);
}

/**
 * A value change and, under it, the cost per yard of its roll (a transaction's, when all its
 * rolls cost the same).
 */
export function ValueChange({
  valueAmount,
  unitCost,
  phone = false,
  className,
}: {
  valueAmount: number | undefined;
  unitCost: number | null | undefined;
  phone?: boolean;
  className?: string;
}) {
  const { t } = useT();
  const money = useMoney();
  if (valueAmount === undefined) return null;
  return (
    <span className={className}>
      {/* On phones, under the yards: said, since no column head says it. */}
      {phone && <span className="sr-only">{t("reports.column.value")} </span>}
      {money(valueAmount, { signed: true })}
      {unitCost != null && (
        <span className="block text-xs font-normal text-muted-foreground">
          <UnitCost perYard={unitCost} />
        </span>
      )}
    </span>
  );
}

/** The one cost per yard of a transaction's rolls, or null when they differ (or have none). */
export function sharedUnitCost(lines: readonly StockCardLine[]): number | null {
  const costs = new Set(lines.map((l) => l.unitCost ?? null));
  return costs.size === 1 ? ([...costs][0] ?? null) : null;
}

/** "Main Hall", or "Main Hall, Annex" for a transfer seen from both ends. */
export const placesText = (t: StockCardTransaction) => t.warehouseNames.join(", ");
export const batchesText = (t: StockCardTransaction) => t.batches.join(", ");
