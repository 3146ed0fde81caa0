import { AlertTriangleIcon, BoxesIcon, CoinsIcon, HistoryIcon, PaletteIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";
import type { Dashboard } from "../../../../domain/report";
import { RECENT_ACTIVITY_DAYS } from "../../../../domain/report-constants";
import { LengthValue } from "../../../components/length-value";
import { StatCard } from "../../../components/stat-card";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import { useCan } from "../../auth/current-user";

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
  const { t } = useT();
  const count = (n: number | undefined) => formatNumber(n ?? 0);
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
        title={t("dashboard.stats.materials")}
        className={place.third}
        value={count(data?.totalMaterials)}
        caption={t("dashboard.stats.materialsCaption")}
        icon={PaletteIcon}
        loading={loading}
      />
      <StatCard
        title={t("dashboard.stats.inventory")}
        className={place.third}
        value={<LengthValue yards={data?.totalStock ?? 0} />}
        caption={t("dashboard.stats.inventoryCaption")}
        icon={BoxesIcon}
        loading={loading}
      />
      <StatCard
        title={t("dashboard.stats.lowStock")}
        className={place.third}
        value={count(data?.lowStockCount)}
        caption={
          <>
            <span className="block">{t("dashboard.stats.lowStockCaption")}</span>
            <CaptionLink href="/reports/low-stock">{t("dashboard.stats.lowStockLink")}</CaptionLink>
          </>
        }
        icon={AlertTriangleIcon}
        loading={loading}
      />
      <StatCard
        title={t("dashboard.stats.recent")}
        className={place.half}
        value={count(data?.recentTransactionsCount)}
        caption={
          <>
            <span className="block">
              {t("dashboard.stats.recentCaption", { days: RECENT_ACTIVITY_DAYS })}
            </span>
            <CaptionLink href="/reports/transaction-history">{t("dashboard.stats.recentLink")}</CaptionLink>
          </>
        }
        icon={HistoryIcon}
        loading={loading}
      />
      {showValue && (
        <StatCard
          title={t("dashboard.stats.value")}
          value={money(data?.stockValue ?? 0)}
          caption={
            <>
              <span className="block">{t("dashboard.stats.valueCaption")}</span>
              <CaptionLink href="/reports/stock-value">{t("dashboard.stats.valueLink")}</CaptionLink>
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
