import { AlertTriangleIcon, BoxesIcon, HistoryIcon, PaletteIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";
import type { Dashboard } from "../../../../domain/report";
import { RECENT_ACTIVITY_DAYS } from "../../../../domain/report-constants";
import { StatCard } from "../../../components/stat-card";
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

/** The four cards: Total Materials, Total Inventory, Low Stock Items, Recent Activity. */
export function DashboardStats({ data, loading }: { data: Dashboard | undefined; loading: boolean }) {
  const count = (n: number | undefined) => (n ?? 0).toLocaleString("en-US");
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      <StatCard
        title="Total Materials"
        value={count(data?.totalMaterials)}
        caption="unique material types and colors"
        icon={PaletteIcon}
        loading={loading}
      />
      <StatCard
        title="Total Inventory"
        value={<YardsValue yards={data?.totalStock ?? 0} />}
        caption="total fabric in all warehouses"
        icon={BoxesIcon}
        loading={loading}
      />
      <StatCard
        title="Low Stock Items"
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
    </div>
  );
}
