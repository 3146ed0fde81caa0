import { Link } from "wouter";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { KIND_INFO } from "../../../../domain/transaction-kinds";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { KIND_ICONS } from "../../reports/transaction-history/kind-icons";

const ACTIONS: { kind: TransactionKind; description: string }[] = [
  { kind: "receive", description: "record incoming fabric" },
  { kind: "production-usage", description: "record fabric used in production" },
  { kind: "transfer", description: "move fabric between warehouses" },
  { kind: "stock-opname", description: "reconcile physical count" },
];

/** Quick Actions: four entry forms, each with what it is for. */
export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {ACTIONS.map(({ kind, description }) => {
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
                <span className="text-sm font-medium">{KIND_INFO[kind].label}</span>
                <span className="text-xs text-muted-foreground">{description}</span>
              </span>
            </Link>
          );
        })}
      </CardContent>
    </Card>
  );
}
