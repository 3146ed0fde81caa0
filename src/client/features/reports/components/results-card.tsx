import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { Pagination } from "../../transactions/list/pagination";
import { QueryError } from "./query-error";

/** The parts of a paged query result the card reads. */
export interface PagedResult {
  data: { total: number; offset: number } | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * The card around a report's table: title, actions (Export CSV), the table (dimmed while the next
 * page loads, the previous one stays), "Showing x–y of N" with Previous / Next, or the error.
 */
export function ResultsCard({
  title,
  description,
  actions,
  result,
  pageSize,
  onPageChange,
  children,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
  result: PagedResult;
  pageSize: number;
  onPageChange: (index: number) => void;
  children: React.ReactNode;
}) {
  const { data } = result;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {actions}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-2 sm:px-5">
        {result.isError ? (
          <QueryError error={result.error} onRetry={result.refetch} />
        ) : (
          <>
            <div
              aria-busy={result.isFetching}
              className={cn("transition-opacity", result.isPlaceholderData && "opacity-60")}
            >
              {children}
            </div>
            {data && (
              <Pagination
                // The page on screen: while the next one loads, the previous one stays (and its range).
                pageIndex={Math.floor(data.offset / pageSize)}
                pageSize={pageSize}
                total={data.total}
                onPageChange={onPageChange}
                busy={result.isPlaceholderData}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
