import { CalendarIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { t } from "../../i18n";
import { cn } from "../../lib/cn";
import { formatLongDate, parseIsoDate, toIsoDate } from "../../lib/format";
import { Button } from "./button";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

// react-day-picker is ~45 KB: the calendar loads when it is about to open (pointer on or focus in
// the button), not with every form and filter that shows a date.
const loadCalendar = () => import("./calendar");
const Calendar = lazy(() => loadCalendar().then((m) => ({ default: m.Calendar })));
const preloadCalendar = () => void loadCalendar().catch(() => {});

export interface DatePickerProps {
  /** The chosen date as `yyyy-MM-dd`, or "" / undefined when none. */
  value: string | null | undefined;
  onChange: (value: string | undefined) => void;
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  /** Accessible name when no <Label htmlFor> names the trigger. */
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  /** The hint or problem shown under the field. */
  "aria-describedby"?: string;
  /** Days that cannot be chosen, e.g. `(d) => d > new Date()`. */
  isDisabledDay?: (date: Date) => boolean;
  /** A date must stay chosen: clicking the chosen day again keeps it (react-day-picker `required`). */
  required?: boolean;
}

/**
 * A button showing the date in the long format ("March 5th, 2024" or "5 Maret 2024", or "Pick a date") that opens a
 * calendar. Speaks `yyyy-MM-dd` in and out, like the API and the filters.
 */
export function DatePicker({
  value,
  onChange,
  placeholder = t("common.pickDate"),
  id,
  disabled,
  className,
  isDisabledDay,
  required = false,
  ...aria
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = value ? (parseIsoDate(value) ?? undefined) : undefined;
  const pick = (date: Date | undefined) => {
    onChange(date ? toIsoDate(date) : undefined);
    setOpen(false);
  };
  const selection = required
    ? ({ mode: "single", required: true, selected, onSelect: pick } as const)
    : ({ mode: "single", selected, onSelect: pick } as const);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          disabled={disabled}
          aria-label={aria["aria-label"]}
          aria-invalid={aria["aria-invalid"]}
          aria-describedby={aria["aria-describedby"]}
          onPointerEnter={preloadCalendar}
          onPointerDown={preloadCalendar}
          onFocus={preloadCalendar}
          className={cn(
            "w-full justify-start px-3 text-left font-normal aria-invalid:border-destructive",
            !selected && "text-muted-foreground",
            className,
          )}
        >
          <CalendarIcon className="text-muted-foreground" aria-hidden="true" />
          {selected ? formatLongDate(selected) : placeholder}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start" aria-label={t("common.chooseDate")}>
        <Suspense fallback={<div className="h-[300px] w-[252px]" aria-busy="true" />}>
          <Calendar {...selection} defaultMonth={selected} disabled={isDisabledDay} autoFocus />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
