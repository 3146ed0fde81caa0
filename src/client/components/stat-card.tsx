import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import { Card } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

export interface StatCardProps {
  title: string;
  value: React.ReactNode;
  /** Caption under the value, e.g. "total fabric in all warehouses", or a link. */
  caption?: React.ReactNode;
  icon?: LucideIcon;
  loading?: boolean;
  className?: string;
}

/** A figure with a title, an icon and a caption (dashboard, report summaries). */
export function StatCard({ title, value, caption, icon: Icon, loading = false, className }: StatCardProps) {
  return (
    <Card className={cn("gap-2 py-4", className)}>
      <div className="flex items-center justify-between gap-2 px-5">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden="true" />}
      </div>
      <div className="px-5">
        {loading ? (
          <Skeleton className="h-8 w-24" />
        ) : (
          <p className="text-2xl font-semibold tabular-nums tracking-tight">{value}</p>
        )}
        {caption && <div className="mt-1 text-xs text-muted-foreground">{caption}</div>}
      </div>
    </Card>
  );
}
