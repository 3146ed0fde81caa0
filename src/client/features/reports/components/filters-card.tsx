import { RotateCcwIcon } from "lucide-react";
import type * as React from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { cn } from "../../../lib/cn";

/** A filters card: title, Reset on the right, the controls in a grid. */
export function FiltersCard({
  title,
  description,
  resetLabel = "Reset Filters",
  canReset,
  onReset,
  className,
  children,
}: {
  title: string;
  description?: string;
  resetLabel?: string;
  canReset: boolean;
  onReset: () => void;
  /** The grid's columns, e.g. "sm:grid-cols-2 lg:grid-cols-5". */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        <Button variant="outline" size="sm" disabled={!canReset} onClick={onReset}>
          <RotateCcwIcon aria-hidden="true" />
          {resetLabel}
        </Button>
      </CardHeader>
      <CardContent className={cn("grid items-end gap-4 sm:grid-cols-2", className)}>{children}</CardContent>
    </Card>
  );
}

export function FilterField({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A labelled select whose first item is the "all" sentinel (all_types, all_warehouses, ...): Radix
 * reserves "" for "no value", and choosing "all" removes the filter (onChange(undefined)).
 */
export function FilterSelect({
  id,
  label,
  value,
  allValue,
  allLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  allValue: string;
  allLabel: string;
  options: readonly FilterOption[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <FilterField id={id} label={label}>
      <Select value={value ?? allValue} onValueChange={(v) => onChange(v === allValue ? undefined : v)}>
        <SelectTrigger id={id}>
          <SelectValue placeholder={allLabel} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={allValue}>{allLabel}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FilterField>
  );
}
