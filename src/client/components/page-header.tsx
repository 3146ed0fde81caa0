import type * as React from "react";
import { cn } from "../lib/cn";

export interface PageHeaderProps {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons on the right (they wrap below the title on phones). */
  actions?: React.ReactNode;
  className?: string;
}

/** The screen's one h1, with an optional description and actions; a text title also names the browser tab. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn("mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between", className)}>
      {typeof title === "string" && <title>{`${title} · Fabric Inventory`}</title>}
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
