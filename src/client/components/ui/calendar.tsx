import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import type * as React from "react";
import { DayPicker, getDefaultClassNames } from "react-day-picker";
// Indonesian month and day names and the calendar's own labels (next month, ...), with the picker.
import { id as indonesian } from "react-day-picker/locale/id";
import { getLocale } from "../../i18n/store";
import { cn } from "../../lib/cn";
import { buttonVariants } from "./button";

/** react-day-picker styled with the app's tokens (no react-day-picker stylesheet needed). */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  ...props
}: React.ComponentProps<typeof DayPicker>) {
  const d = getDefaultClassNames();
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      locale={getLocale().language === "id" ? indonesian : undefined}
      className={cn("p-3", className)}
      classNames={{
        root: cn("w-fit", d.root),
        months: cn("relative flex flex-col gap-4 sm:flex-row", d.months),
        month: cn("flex w-full flex-col gap-4", d.month),
        nav: cn("absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1", d.nav),
        button_previous: cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          "size-8 p-0",
          d.button_previous,
        ),
        button_next: cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-8 p-0", d.button_next),
        month_caption: cn("flex h-8 w-full items-center justify-center px-8", d.month_caption),
        caption_label: cn("text-sm font-medium select-none", d.caption_label),
        dropdowns: cn("flex h-8 items-center justify-center gap-1.5 text-sm font-medium", d.dropdowns),
        month_grid: cn("w-full border-collapse", d.month_grid),
        weekdays: cn("flex", d.weekdays),
        weekday: cn(
          "flex-1 rounded-md text-[0.8rem] font-normal text-muted-foreground select-none",
          d.weekday,
        ),
        week: cn("mt-1 flex w-full", d.week),
        day: cn("relative size-9 p-0 text-center text-sm select-none", d.day),
        day_button: cn(
          buttonVariants({ variant: "ghost" }),
          "size-9 p-0 font-normal aria-selected:opacity-100",
          d.day_button,
        ),
        selected: cn(
          "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground",
          d.selected,
        ),
        today: cn("[&>button]:bg-accent [&>button]:font-semibold", d.today),
        outside: cn("text-muted-foreground opacity-60", d.outside),
        disabled: cn("text-muted-foreground opacity-50", d.disabled),
        hidden: cn("invisible", d.hidden),
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: chevronClass }) => {
          const Icon =
            orientation === "left"
              ? ChevronLeftIcon
              : orientation === "right"
                ? ChevronRightIcon
                : ChevronDownIcon;
          return <Icon className={cn("size-4", chevronClass)} aria-hidden="true" />;
        },
      }}
      {...props}
    />
  );
}
