import { Link } from "wouter";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { t } from "../../../i18n";
import { QueryError } from "../../reports/components/query-error";
import { TransactionsTable } from "../../transactions/list/transactions-table";
import { RECENT_TRANSACTIONS, useRecentTransactions } from "../api/recent-transactions";

/** The newest five transactions, with the transactions list's table. */
export function RecentTransactions() {
  const recent = useRecentTransactions();
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{t("dashboard.recent.title")}</CardTitle>
          <CardDescription>
            {t("dashboard.recent.description", { count: RECENT_TRANSACTIONS })}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link href="/transactions">{t("dashboard.recent.viewAll")}</Link>
        </Button>
      </CardHeader>
      <CardContent className="px-2 sm:px-5">
        {recent.isError ? (
          <QueryError error={recent.error} onRetry={recent.refetch} />
        ) : (
          <TransactionsTable
            rows={recent.data?.rows}
            loading={recent.isPending}
            emptyText={t("dashboard.recent.empty")}
            skeletonRows={RECENT_TRANSACTIONS}
          />
        )}
      </CardContent>
    </Card>
  );
}
