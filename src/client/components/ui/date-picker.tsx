import { CalendarIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "../../lib/cn";
import { formatLongDate, parseIsoDate, toIsoDate } from "../../lib/format";
import { Button } from "./button";
import { Calendar } from "./calendar";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

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
  /** Days that cannot be chosen, e.g. `(d) => d > new Date()`. */
  isDisabledDay?: (date: Date) => boolean;
}

/**
 * A button showing the date in the long format ("March 5th, 2024", or "Pick a date") that opens a
 * calendar. Speaks `yyyy-MM-dd` in and out, like the API and the filters.
 */
export function DatePicker({
  value,
  onChange,
  placeholder = "Pick a date",
  id,
  disabled,
  className,
  isDisabledDay,
  ...aria
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = value ? (parseIsoDate(value) ?? undefined) : undefined;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          disabled={disabled}
          aria-label={aria["aria-label"]}
          aria-invalid={aria["aria-invalid"]}
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
      <PopoverContent className="w-auto p-0" align="start" aria-label="Choose a date">
        <Calendar
          mode="single"
          selected={selected}
          defaultMonth={selected}
          disabled={isDisabledDay}
          onSelect={(date) => {
            onChange(date ? toIsoDate(date) : undefined);
            setOpen(false);
          }}
          autoFocus
        />
      </PopoverContent>
    </Popover>
  );
}
