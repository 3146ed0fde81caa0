import type * as React from "react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { Dashboard } from "../../../../domain/report";
import { DAILY_MOVEMENT_DAYS, sumYards } from "../../../../domain/report-constants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useT } from "../../../i18n";
import { formatLength } from "../../../lib/format";

// recharts is big (~90 KB compressed, and its evaluation is the dashboard's longest task): the
// charts load in their own chunk, once the dashboard's figures have been painted and the charts are
// near the viewport (useDrawWhenNear).
const StockByWarehouseChart = lazy(() =>
  import("./chart-drawings").then((m) => ({ default: m.StockByWarehouseChart })),
);
const DailyMovementChart = lazy(() =>
  import("./chart-drawings").then((m) => ({ default: m.DailyMovementChart })),
);

const chartFallback = <Skeleton className="h-[260px] w-full" />;

/**
 * False until `ready` and the element is within 200 px of the viewport; then true for good. The
 * observer's first answer comes in a task after the frame that showed the figures was painted, so
 * the charts' download and evaluation never hold back that paint; on a phone, where the charts are
 * below the figures and the quick actions, they load as the user scrolls towards them.
 */
function useDrawWhenNear(ref: React.RefObject<HTMLElement | null>, ready: boolean): boolean {
  const [draw, setDraw] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!ready || draw || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setDraw(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setDraw(true);
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, ready, draw]);
  return draw;
}

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-5">{children}</CardContent>
    </Card>
  );
}

function NoData({ children }: { children: React.ReactNode }) {
  return (
    <p className="flex h-[260px] items-center justify-center text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * Stock per warehouse and yards in vs out per day (bars). The figures are also given as
 * text for screen readers; the drawings are hidden from them.
 */
export function DashboardCharts({ data }: { data: Dashboard | undefined }) {
  const warehouses = data?.stockByWarehouse ?? [];
  const movement = data?.dailyMovement ?? [];
  const totalIn = sumYards(movement.map((d) => d.inYards));
  const totalOut = sumYards(movement.map((d) => d.outYards));
  const { t, lengthUnit } = useT();
  const unit = t("common.length.unitWord", { unit: lengthUnit });
  const grid = useRef<HTMLDivElement>(null);
  const drawCharts = useDrawWhenNear(grid, data !== undefined);
  return (
    <div ref={grid} className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        title={t("dashboard.charts.byWarehouse")}
        description={t("dashboard.charts.byWarehouseDescription", { unit })}
      >
        {!data ? (
          chartFallback
        ) : warehouses.length === 0 ? (
          <NoData>{t("masterData.nothing.warehouses.none")}</NoData>
        ) : (
          <figure data-testid="stock-by-warehouse-chart">
            <div aria-hidden="true">
              {drawCharts ? (
                <Suspense fallback={chartFallback}>
                  <StockByWarehouseChart data={warehouses} />
                </Suspense>
              ) : (
                chartFallback
              )}
            </div>
            <figcaption className="sr-only">
              {warehouses.map((w) => `${w.warehouseName}: ${formatLength(w.totalYards)} ${unit}`).join("; ")}
            </figcaption>
          </figure>
        )}
      </ChartCard>
      <ChartCard
        title={t("dashboard.charts.movement")}
        description={t("dashboard.charts.movementDescription", {
          unit: lengthUnit,
          days: DAILY_MOVEMENT_DAYS,
        })}
      >
        {!data ? (
          chartFallback
        ) : totalIn === 0 && totalOut === 0 ? (
          <NoData>{t("dashboard.charts.noMovement", { days: DAILY_MOVEMENT_DAYS })}</NoData>
        ) : (
          <figure data-testid="daily-movement-chart">
            <div aria-hidden="true">
              {drawCharts ? (
                <Suspense fallback={chartFallback}>
                  <DailyMovementChart data={movement} />
                </Suspense>
              ) : (
                chartFallback
              )}
            </div>
            <figcaption className="sr-only">
              {t("dashboard.charts.movementSummary", {
                days: DAILY_MOVEMENT_DAYS,
                in: formatLength(totalIn),
                out: formatLength(totalOut),
                unit,
              })}
            </figcaption>
          </figure>
        )}
      </ChartCard>
    </div>
  );
}
