import { ArrowLeftIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";
import { ApiError, errorMessage } from "../lib/api-client";
import { PageHeader } from "./page-header";
import { Button } from "./ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "./ui/card";
import { Skeleton } from "./ui/skeleton";
import { Table, TableHead, TableHeader, TableRow } from "./ui/table";

/**
 * The words of a record's detail screen, translated by the feature: the keys stay in each feature's
 * module, where the i18n build (scripts/lib/i18n-parts.ts) finds them for that screen's part.
 */
export interface RecordDetailWords {
  title: string;
  loadingTitle: string;
  back: string;
  notFound: string;
}

/**
 * The frame of an order's or purchase order's page: its title and Back button, then "not found", the
 * load error, a placeholder while it loads, or the body once it is here.
 */
export function RecordDetailShell<T>({
  id,
  query,
  backHref,
  words,
  children,
}: {
  id: number | null;
  query: { data: T | undefined; error: unknown; isError: boolean };
  backHref: string;
  words: (data: T | undefined) => RecordDetailWords;
  children: (data: T) => React.ReactNode;
}) {
  const w = words(query.data);
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <>
      <PageHeader
        title={query.data ? w.title : w.loadingTitle}
        actions={
          <Button variant="outline" asChild>
            <Link href={backHref}>
              <ArrowLeftIcon aria-hidden="true" />
              {w.back}
            </Link>
          </Button>
        }
      />
      {notFound ? (
        <p className="text-sm text-muted-foreground">{w.notFound}</p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error)}
        </p>
      ) : query.data ? (
        children(query.data)
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </>
  );
}

/** A record's facts as label and value pairs, a dash for an empty value. */
export function FactsCard({ facts }: { facts: [string, string][] }) {
  return (
    <Card>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words font-medium">{value || "—"}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * A record's lines card: a table named by its title whose first columns are the material and the
 * ordered length; `heads` are the columns after those, `children` the table's body (and footer),
 * `after` what follows the table in the card.
 */
export function RecordLinesCard({
  title,
  material,
  ordered,
  heads,
  children,
  after,
}: {
  title: string;
  material: string;
  ordered: string;
  heads: React.ReactNode;
  children: React.ReactNode;
  after?: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-5">
        <Table aria-label={title}>
          <TableHeader>
            <TableRow>
              <TableHead>{material}</TableHead>
              <TableHead className="text-right">{ordered}</TableHead>
              {heads}
            </TableRow>
          </TableHeader>
          {children}
        </Table>
        {after}
      </CardContent>
    </Card>
  );
}
