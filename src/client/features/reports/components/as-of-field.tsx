import { CalendarClockIcon, XIcon } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { DatePicker } from "../../../components/ui/date-picker";
import { t, useT } from "../../../i18n";
import { formatDate, toIsoDate } from "../../../lib/format";
import { FilterField } from "./filters-card";

/** "Stock as of Mar 05, 2024": what the note says (and the e2e test reads). */
export const asOfText = (asOf: string) => t("reports.asOf.note", { date: formatDate(asOf) });

/** Days after today cannot be chosen: the server refuses a future asOf (CONTRACT.md section 10). */
const afterToday = (date: Date) => toIsoDate(date) > toIsoDate(new Date());

/** The "As of" date of the stock screens: empty for the stock now. */
export function AsOfField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useT();
  return (
    <FilterField id={id} label={t("reports.asOf.label")}>
      <DatePicker
        id={id}
        value={value}
        onChange={onChange}
        placeholder={t("reports.asOf.today")}
        isDisabledDay={afterToday}
      />
    </FilterField>
  );
}

/** Shown above the rows while a date is set: which date they are of, and a way back to today's stock. */
export function AsOfNote({ asOf, onClear }: { asOf: string | undefined; onClear: () => void }) {
  const { t } = useT();
  if (!asOf) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="flex items-center gap-2 font-medium">
        <CalendarClockIcon aria-hidden="true" className="size-4 shrink-0" />
        <span>{asOfText(asOf)}</span>
        <span className="hidden font-normal sm:inline">{t("reports.asOf.explain")}</span>
      </p>
      <Button variant="outline" size="sm" onClick={onClear}>
        <XIcon aria-hidden="true" />
        {t("reports.asOf.showCurrent")}
      </Button>
    </div>
  );
}
