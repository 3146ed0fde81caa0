import { ChevronDownIcon, RotateCcwIcon } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { t, useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { useIsPhone } from "../../../lib/use-is-phone";

/** "1 active", "3 active": how many of the card's filters are set (said on the folded phone card). */
export const activeFiltersText = (count: number) => t("reports.filters.active", { count });

/**
 * A filters card: title, Reset on the right, the controls in a grid. On a phone the card starts
 * folded to its title and the number of active filters (the list is what the clerk came for); the
 * title is the button that opens it, and Reset moves under the controls. On a desk it is always open.
 */
export function FiltersCard({
  title,
  description,
  resetLabel,
  canReset,
  onReset,
  activeCount,
  className,
  children,
}: {
  title: string;
  description?: string;
  resetLabel?: string;
  canReset: boolean;
  onReset: () => void;
  /** Filters set now (shown on the folded phone card). */
  activeCount: number;
  /** The grid's columns, e.g. "sm:grid-cols-2 lg:grid-cols-5". */
  className?: string;
  children: React.ReactNode;
}) {
  const { t } = useT();
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  // On a phone the folded card's fields (pickers, date field, switch) are built when first opened,
  // not hidden in the page before the first screen paints; once built they stay (what was typed).
  const [opened, setOpened] = useState(false);
  const contentId = useId();
  const expanded = !phone || open;
  if (expanded && !opened) setOpened(true);
  const reset = (
    <Button
      variant="outline"
      size="sm"
      disabled={!canReset}
      onClick={onReset}
      className={phone ? "w-full sm:col-span-2" : undefined}
    >
      <RotateCcwIcon aria-hidden="true" />
      {resetLabel ?? t("reports.filters.reset")}
    </Button>
  );
  return (
    <Card className={phone && !open ? "gap-0 py-0" : undefined}>
      {phone ? (
        <CardHeader className={open ? "" : "px-0"}>
          <CardTitle>
            <button
              type="button"
              aria-expanded={open}
              aria-controls={contentId}
              onClick={() => setOpen((o) => !o)}
              className={cn(
                "flex w-full items-center gap-2 rounded-xl text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                !open && "px-5 py-4",
              )}
            >
              <span className="min-w-0 flex-1">{title}</span>
              {activeCount > 0 && (
                <Badge variant="secondary" className="font-medium">
                  {activeFiltersText(activeCount)}
                </Badge>
              )}
              <ChevronDownIcon
                aria-hidden="true"
                className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")}
              />
            </button>
          </CardTitle>
        </CardHeader>
      ) : (
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>{title}</CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </div>
          {reset}
        </CardHeader>
      )}
      <CardContent
        id={contentId}
        hidden={!expanded}
        className={cn("grid items-end gap-4 sm:grid-cols-2", className)}
      >
        {(expanded || opened) && children}
        {phone && reset}
      </CardContent>
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
