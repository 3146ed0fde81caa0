import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { t } from "../../i18n";
import { cn } from "../../lib/cn";
import { Button } from "./button";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

export interface ComboboxOption {
  value: string;
  label: string;
  /** Extra words the search matches (e.g. a color code); not shown. */
  keywords?: string;
  /** Shown after the label in the list only, e.g. the yards on hand: "L-2611-7 · 150.75 yd". */
  hint?: string;
  disabled?: boolean;
}

export interface ComboboxProps {
  options: readonly ComboboxOption[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  /** The field's validation message (FormControl passes it). */
  "aria-describedby"?: string;
  /** Matches rendered at once; typing narrows the rest (keeps long lists fast). */
  maxVisible?: number;
  /**
   * The search text as typed (and "" when the list opens), for lists too long to load whole: the
   * caller asks the server for the options matching it. The options shown are still filtered here.
   */
  onSearchChange?: (search: string) => void;
  /** The caller is fetching options for the search: said instead of emptyText while none match. */
  searching?: boolean;
}

/** Every whitespace-separated term occurs in the label or keywords, case-insensitively. */
export function filterOptions(options: readonly ComboboxOption[], search: string): ComboboxOption[] {
  const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...options];
  return options.filter((o) => {
    const text = `${o.label} ${o.keywords ?? ""}`.toLowerCase();
    return terms.every((t) => text.includes(t));
  });
}

/**
 * A searchable select for long lists (hundreds of materials): a button that opens a search box and
 * a filtered listbox. Keys: arrows, Home/End, PageUp/PageDown, Enter chooses, Escape closes.
 */
export function Combobox({
  options,
  value,
  onChange,
  placeholder = t("common.select"),
  searchPlaceholder = t("common.searchPlaceholder"),
  emptyText = t("common.noResults"),
  id,
  disabled,
  className,
  maxVisible = 100,
  onSearchChange,
  searching = false,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const selected = options.find((o) => o.value === value);
  const matches = useMemo(() => filterOptions(options, search), [options, search]);
  const visible = matches.slice(0, maxVisible);

  useEffect(() => {
    if (!open) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView({ block: "nearest" });
  }, [active, open]);

  function choose(option: ComboboxOption | undefined) {
    if (!option || option.disabled) return;
    onChange(option.value);
    setOpen(false);
  }

  function move(delta: number | "first" | "last") {
    if (visible.length === 0) return;
    const last = visible.length - 1;
    const next =
      delta === "first" ? 0 : delta === "last" ? last : Math.min(last, Math.max(0, active + delta));
    setActive(next);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      PageDown: () => move(10),
      PageUp: () => move(-10),
      Home: () => move("first"),
      End: () => move("last"),
      Enter: () => choose(visible[active]),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          // Start on the chosen option.
          setSearch("");
          onSearchChange?.("");
          setActive(
            Math.max(
              0,
              options.slice(0, maxVisible).findIndex((o) => o.value === value),
            ),
          );
        }
      }}
    >
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-label={aria["aria-label"]}
          aria-invalid={aria["aria-invalid"]}
          aria-describedby={aria["aria-describedby"]}
          disabled={disabled}
          className={cn(
            "w-full justify-between px-3 font-normal aria-invalid:border-destructive",
            !selected && "text-muted-foreground",
            className,
          )}
        >
          <span className="truncate">{selected ? selected.label : placeholder}</span>
          <ChevronsUpDownIcon className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="w-(--radix-popover-trigger-width) min-w-56 p-0"
        align="start"
        aria-label={aria["aria-label"] ?? placeholder}
      >
        <div className="flex items-center gap-2 border-b px-3">
          <SearchIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
          <input
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={visible[active] ? optionId(active) : undefined}
            aria-label={searchPlaceholder}
            placeholder={searchPlaceholder}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              onSearchChange?.(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
        </div>
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={aria["aria-label"] ?? placeholder}
          className="max-h-64 overflow-y-auto p-1"
        >
          {visible.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search box handles the keys (aria-activedescendant)
            <div
              key={option.value}
              tabIndex={-1}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={option.value === value}
              aria-disabled={option.disabled || undefined}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(option)}
              className={cn(
                "relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm select-none",
                index === active && "bg-accent text-accent-foreground",
                option.disabled && "pointer-events-none opacity-50",
              )}
            >
              <span className="min-w-0 wrap-break-word">
                {option.label}
                {option.hint && <span className="text-muted-foreground"> · {option.hint}</span>}
              </span>
              {option.value === value && <CheckIcon className="absolute right-2 size-4" aria-hidden="true" />}
            </div>
          ))}
        </div>
        {matches.length === 0 && (
          <p className="px-3 pb-4 pt-2 text-center text-sm text-muted-foreground" aria-live="polite">
            {searching ? t("common.searching") : emptyText}
          </p>
        )}
        {matches.length > visible.length && (
          <p className="border-t px-3 py-2 text-xs text-muted-foreground">
            {t("common.combobox.more", { count: matches.length - visible.length })}
          </p>
        )}
      </PopoverContent>
    </Popover>
  );
}
