import { SearchIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { t } from "../i18n";
import { cn } from "../lib/cn";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

/** Longest search the lists take (the server's SEARCH_MAX). */
export const SEARCH_MAX_LENGTH = 100;

/**
 * Text typed into a filter, sent on once typing pauses (`delay` ms), trimmed, blank as undefined.
 * Follows the URL when it changes from elsewhere (Reset, Back).
 */
export function useDebouncedFilter(
  value: string | undefined,
  commit: (value: string | undefined) => void,
  delay = 300,
) {
  const [text, setText] = useState(value ?? "");
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const sent = useRef(value);
  useEffect(() => {
    // The URL changed without typing (Reset, Back): show what it says.
    if (value !== sent.current) {
      sent.current = value;
      setText(value ?? "");
    }
  }, [value]);
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      commitRef.current(next);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return [text, setText] as const;
}

/** The "Search" box of a list: a labelled input with a magnifier, at most 100 characters. */
export function SearchField({
  id,
  value,
  onChange,
  placeholder,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  return (
    <div className={cn("grid min-w-0 gap-2", className)}>
      <Label htmlFor={id}>{t("common.search")}</Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          className="pl-8"
        />
      </div>
    </div>
  );
}
