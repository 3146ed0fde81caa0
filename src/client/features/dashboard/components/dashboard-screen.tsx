import { PlusIcon } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
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
  const canRecord = useCan("record");
  const dashboard = useDashboard();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Fabric stock at a glance."
        actions={
          canRecord && (
            <Button asChild>
              <Link href="/transactions/receive">
                <PlusIcon aria-hidden="true" />
                New Transaction
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
