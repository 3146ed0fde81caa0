import { PlusIcon } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { useT } from "../../../i18n";
import { useCan } from "../../auth/current-user";
import { QueryError } from "../../reports/components/query-error";
import { useDashboard } from "../api/get-dashboard";
import { DashboardCharts } from "./dashboard-charts";
import { DashboardStats } from "./dashboard-stats";
import { GetStarted } from "./get-started";
import { QuickActions } from "./quick-actions";
import { RecentTransactions } from "./recent-transactions";

/** /: what to set up first (a new installation), the four figures, quick actions (for those who may record), two charts, recent transactions. */
export function DashboardScreen() {
  const { t } = useT();
  const canRecord = useCan("record");
  const dashboard = useDashboard();
  return (
    <>
      <PageHeader
        title={t("dashboard.title")}
        description={t("dashboard.description")}
        actions={
          canRecord && (
            <Button asChild>
              <Link href="/transactions/receive">
                <PlusIcon aria-hidden="true" />
                {t("dashboard.newTransaction")}
              </Link>
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-6">
        {dashboard.data && <GetStarted setup={dashboard.data.setup} />}
        {dashboard.isError ? (
          <QueryError error={dashboard.error} onRetry={dashboard.refetch} />
        ) : (
          <DashboardStats data={dashboard.data} loading={dashboard.isPending} />
        )}
        {canRecord && <QuickActions />}
        {!dashboard.isError && <DashboardCharts data={dashboard.data} />}
        <RecentTransactions />
      </div>
    </>
  );
}
