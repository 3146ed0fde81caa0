import { AlertTriangleIcon, BoxesIcon, CoinsIcon, HistoryIcon, PaletteIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";
import type { Dashboard } from "../../../../domain/report";
import { RECENT_ACTIVITY_DAYS } from "../../../../domain/report-constants";
import { StatCard } from "../../../components/stat-card";
import { cn } from "../../../lib/cn";
import { useMoney } from "../../../lib/money";
import { useCan } from "../../auth/current-user";
import { YardsValue } from "../../reports/components/yards-value";

function CaptionLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="mt-1 inline-block font-medium text-foreground underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );
}

/**
 * The four cards: Total Materials, Total Inventory, Low Stock Items, Recent Activity; for
 * administrators a fifth, Stock Value (issue 17), when the server sends it.
 */
export function DashboardStats({
  data,
  loading,
}: {
  data: (Dashboard & { stockValue?: number | null }) | undefined;
  loading: boolean;
}) {
  const count = (n: number | undefined) => (n ?? 0).toLocaleString("en-US");
  const money = useMoney();
  const admin = useCan("admin");
  // While loading, an administrator's grid already has its five places (no jump when it arrives).
  const showValue = admin && (data === undefined || data.stockValue != null);
  const place = showValue
    ? { third: "lg:col-span-2 2xl:col-span-1", half: "lg:col-span-3 2xl:col-span-1" }
    : { third: undefined, half: undefined };
  return (
    <div
      className={cn(
        "grid gap-3 sm:grid-cols-2 sm:gap-4",
        // Five cards: three and two on a laptop and a desk, one row on a wide screen.
        showValue ? "lg:grid-cols-6 2xl:grid-cols-5" : "lg:grid-cols-4",
      )}
    >
      <StatCard
        title="Total Materials"
        className={place.third}
        value={count(data?.totalMaterials)}
        caption="unique material types and colors"
        icon={PaletteIcon}
        loading={loading}
      />
      <StatCard
        title="Total Inventory"
        className={place.third}
        value={<YardsValue yards={data?.totalStock ?? 0} />}
        caption="total fabric in all warehouses"
        icon={BoxesIcon}
        loading={loading}
      />
      <StatCard
        title="Low Stock Items"
        className={place.third}
        value={count(data?.lowStockCount)}
        caption={
          <>
            <span className="block">out of stock or at their threshold</span>
            <CaptionLink href="/reports/low-stock">View low stock report</CaptionLink>
          </>
        }
        icon={AlertTriangleIcon}
        loading={loading}
      />
      <StatCard
        title="Recent Activity"
        className={place.half}
        value={count(data?.recentTransactionsCount)}
        caption={
          <>
            <span className="block">transactions in the last {RECENT_ACTIVITY_DAYS} days</span>
            <CaptionLink href="/reports/transaction-history">View transaction history</CaptionLink>
          </>
        }
        icon={HistoryIcon}
        loading={loading}
      />
      {showValue && (
        <StatCard
          title="Stock Value"
          value={money(data?.stockValue ?? 0)}
          caption={
            <>
              <span className="block">all fabric in stock, at cost</span>
              <CaptionLink href="/reports/stock-value">View stock value report</CaptionLink>
            </>
          }
          icon={CoinsIcon}
          loading={loading}
          className="sm:col-span-2 lg:col-span-3 2xl:col-span-1"
        />
      )}
    </div>
  );
}
