import { Link } from "wouter";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { useT } from "../../../i18n";
import { KIND_ICONS } from "../../reports/transaction-history/kind-icons";

// Each with what it is for: dashboard.quickActions.<kind>.
const ACTIONS: TransactionKind[] = ["receive", "production-usage", "transfer", "stock-opname"];

/** Quick Actions: four entry forms, each with what it is for. */
export function QuickActions() {
  const { t } = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("dashboard.quickActions.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {ACTIONS.map((kind) => {
          const Icon = KIND_ICONS[kind];
          return (
            <Link
              key={kind}
              href={`/transactions/${kind}`}
              className="flex items-center gap-3 rounded-lg border bg-background p-3 transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="grid min-w-0 gap-0.5">
                <span className="text-sm font-medium">{t(`common.kind.${kind}.label`)}</span>
                <span className="text-xs text-muted-foreground">{t(`dashboard.quickActions.${kind}`)}</span>
              </span>
            </Link>
          );
        })}
      </CardContent>
    </Card>
  );
}
