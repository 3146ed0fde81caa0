import { PlusIcon, XIcon } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { BIN_MAX } from "../../../../domain/roll";
import { Button } from "../../../components/ui/button";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import type { PackingListResult } from "../../imports/import-api";
import {
  parseRollEntry,
  rejectedEntriesText,
  rollCountText,
  rollsOf,
  rollsSummary,
  type TransactionFormValues,
} from "./form-model";
import { PackingListEntry } from "./packing-list-entry";
import { hasNotes, type PackingListNotes, PackingListNotesView } from "./packing-list-notes";
import { packingListFill } from "./packing-list-rolls";

/** "1 roll", "3 rolls". */
export function rollCount(n: number): string {
  return rollCountText(n);
}

/**
 * Receive: the rolls of one item (CONTRACT.md section 8). The clerk types several measured lengths
 * at once ("45.5 38 52.25", "40, 41", one per line, a ticket after a slash: "45.5/46"); each becomes a roll
 * row that can be corrected; Enter in a roll's length goes on to the next roll (a new one after the
 * last). Width and bin apply to all the item's rolls. The running total is the item's yards.
 */
export function RollEntry({ index, onEmptied }: { index: number; onEmptied: () => void }) {
  const { t, lengthUnit: unit, language } = useT();
  const form = useFormContext<TransactionFormValues>();
  const name = `items.${index}` as const;
  const list = useFieldArray({ control: form.control, name: `${name}.rolls` });
  const rolls = useWatch({ control: form.control, name: `${name}.rolls` }) ?? [];
  const n = index + 1;
  const ids = useId();
  const [entry, setEntry] = useState("");
  const [rejected, setRejected] = useState<string[]>([]);
  const [notes, setNotes] = useState<PackingListNotes | null>(null);
  const lengthInputs = useRef(new Map<number, HTMLInputElement>());
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const summary = rollsSummary(rollsOf({ rolls }).map((r) => r.roll));

  useEffect(() => {
    if (focusAt === null) return;
    const input = lengthInputs.current.get(focusAt);
    if (input) {
      input.focus();
      setFocusAt(null);
    }
  });

  function addTyped() {
    const parsed = parseRollEntry(entry);
    setRejected(parsed.rejected);
    setEntry(parsed.rejected.join(" "));
    if (parsed.rolls.length === 0) return;
    // Blank roll rows at the end (left by Enter) are filled first.
    let blanks = 0;
    for (let i = rolls.length - 1; i >= 0 && isBlank(rolls[i]); i--) blanks++;
    const kept = rolls.slice(0, rolls.length - blanks);
    form.setValue(`${name}.rolls`, [...kept, ...parsed.rolls], {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  }

  function fillFromPackingList(result: PackingListResult) {
    const fill = packingListFill(result.rolls, language);
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(`${name}.rolls`, [...rolls.filter((r) => !isBlank(r)), ...fill.rolls], options);
    if (fill.width) form.setValue(`${name}.rollWidth`, fill.width, options);
    if (fill.bin) form.setValue(`${name}.rollBin`, fill.bin, options);
    const next = { widths: fill.mixedWidths, bins: fill.mixedBins, warnings: result.warningDetails };
    setNotes(hasNotes(next) ? next : null);
  }

  function onEntryKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter adds what was typed (Shift+Enter starts a new line, as pasting several lines does).
    if (event.key !== "Enter" || event.shiftKey) return;
    event.preventDefault();
    addTyped();
  }

  function onRollKey(event: KeyboardEvent<HTMLInputElement>, at: number) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (at < rolls.length - 1) {
      setFocusAt(at + 1);
      return;
    }
    if (isBlank(rolls[at])) return;
    list.append({ lengthYards: "", ticketYards: "" }, { shouldFocus: false });
    setFocusAt(at + 1);
  }

  function remove(at: number) {
    list.remove(at);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would show; the group only names the panel
    <div
      role="group"
      aria-label={t("transactions.rollEntry.group", { n })}
      className="col-span-2 grid min-w-0 gap-3 rounded-md border border-dashed bg-muted/30 p-3 lg:col-span-full"
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_auto_6rem_10rem]">
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor={`${ids}-entry`}>{t("transactions.rollEntry.quick", { unit })}</Label>
          <Textarea
            id={`${ids}-entry`}
            value={entry}
            onChange={(e) => {
              setEntry(e.target.value);
              // Said about the entries handed back; editing them ends it.
              setRejected([]);
            }}
            onKeyDown={onEntryKey}
            rows={1}
            autoComplete="off"
            spellCheck={false}
            placeholder={t("transactions.rollEntry.quickPlaceholder")}
            aria-describedby={`${ids}-entry-hint${rejected.length > 0 ? ` ${ids}-rejected` : ""}`}
            aria-invalid={rejected.length > 0 || undefined}
            className="min-h-9 resize-y py-1.5 font-mono tabular-nums"
          />
        </div>
        <Button
          type="button"
          variant="secondary"
          onClick={addTyped}
          className="col-span-2 self-end sm:col-span-1"
        >
          <PlusIcon aria-hidden="true" />
          {t("transactions.rollEntry.addRolls")}
        </Button>
        <FormField
          control={form.control}
          name={`${name}.rollWidth`}
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>{t("transactions.rollEntry.width")}</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t("transactions.rollEntry.optional")}
                  className="text-right tabular-nums"
                />
              </FormControl>
              <FormMessage className="text-xs" />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name={`${name}.rollBin`}
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>{t("transactions.rollEntry.bin")}</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  autoComplete="off"
                  placeholder={t("transactions.rollEntry.optional")}
                  maxLength={BIN_MAX}
                />
              </FormControl>
              <FormMessage className="text-xs" />
            </FormItem>
          )}
        />
      </div>
      <p id={`${ids}-entry-hint`} className="-mt-1.5 text-xs text-muted-foreground">
        {t("transactions.rollEntry.hint")}
      </p>
      {rejected.length > 0 && (
        <p id={`${ids}-rejected`} role="alert" className="-mt-1.5 text-xs font-medium text-destructive">
          {rejectedEntriesText(rejected)}
        </p>
      )}
      {notes && <PackingListNotesView notes={notes} />}
      {list.fields.length > 0 && (
        <p className="-mb-1.5 hidden text-xs text-muted-foreground sm:block">
          {t("transactions.rollEntry.perRoll", { unit })}
        </p>
      )}
      {list.fields.length > 0 && (
        // Phones: one roll per line under column names (the placeholders go once a length is typed;
        // the inputs are named for screen readers by their own labels).
        <div
          aria-hidden="true"
          className={cn(ROLL_LINE, "-mb-1.5 text-xs font-medium text-muted-foreground sm:hidden")}
        >
          <span>#</span>
          <span className="text-right">{t("transactions.rollEntry.lengthColumn", { unit })}</span>
          <span className="text-right">{t("transactions.rollEntry.ticketColumn", { unit })}</span>
        </div>
      )}
      {list.fields.length > 0 && (
        // As many columns as leave each box room for a length such as 120.25 and its placeholder (fixed
        // counts per breakpoint squeezed 4 columns into 1280 px and 3 into 1024 px beside the sidebar).
        <ol className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[repeat(auto-fill,minmax(min(15rem,100%),1fr))]">
          {list.fields.map((field, at) => (
            <li key={field.id} className={ROLL_LINE}>
              <span
                aria-hidden="true"
                className="flex h-9 items-center text-xs text-muted-foreground tabular-nums"
              >
                {at + 1}
              </span>
              <FormField
                control={form.control}
                name={`${name}.rolls.${at}.lengthYards`}
                render={({ field: f }) => (
                  <FormItem className="gap-1">
                    <FormLabel className="sr-only">
                      {t("transactions.rollEntry.rollLength", { n: at + 1 })}
                    </FormLabel>
                    <FormControl>
                      <Input
                        {...f}
                        ref={(el) => {
                          f.ref(el);
                          if (el) lengthInputs.current.set(at, el);
                          else lengthInputs.current.delete(at);
                        }}
                        onKeyDown={(e) => onRollKey(e, at)}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder={t("transactions.rollEntry.lengthPlaceholder")}
                        className="text-right tabular-nums"
                      />
                    </FormControl>
                    <FormMessage className="text-xs" />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name={`${name}.rolls.${at}.ticketYards`}
                render={({ field: f }) => (
                  <FormItem className="gap-1">
                    <FormLabel className="sr-only">
                      {t("transactions.rollEntry.rollTicket", { n: at + 1 })}
                    </FormLabel>
                    <FormControl>
                      <Input
                        {...f}
                        onKeyDown={(e) => onRollKey(e, at)}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder={t("transactions.rollEntry.ticketPlaceholder")}
                        className={cn("text-right tabular-nums", !f.value && "bg-transparent")}
                      />
                    </FormControl>
                    <FormMessage className="text-xs" />
                  </FormItem>
                )}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={() => remove(at)}
                aria-label={t("transactions.rollEntry.removeRoll", { n: at + 1 })}
                title={t("transactions.rollEntry.removeRollTitle")}
                className="text-muted-foreground hover:text-destructive"
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" aria-live="polite" className="text-sm">
          {summary.map((part) => (
            <span
              key={part.text}
              className={cn(
                part.tone === "strong" && "font-semibold tabular-nums",
                part.tone === "warning" && "text-amber-800",
                part.tone === undefined && "text-muted-foreground",
              )}
            >
              {part.text}
            </span>
          ))}
        </p>
        <div className="flex flex-wrap gap-2">
          <PackingListEntry n={n} onRead={fillFromPackingList} />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              list.append({ lengthYards: "", ticketYards: "" }, { shouldFocus: false });
              setFocusAt(rolls.length);
            }}
          >
            <PlusIcon aria-hidden="true" />
            {t("transactions.rollEntry.addRoll")}
          </Button>
          {list.fields.length > 0 && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                form.setValue(`${name}.rolls`, [], { shouldDirty: true });
                setNotes(null);
                onEmptied();
              }}
            >
              {t("transactions.rollEntry.clear")}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/** One roll's line: its number, length, ticket and remove button (the phone's column names too). */
const ROLL_LINE = "grid grid-cols-[1.75rem_minmax(0,1fr)_minmax(0,1fr)_2.25rem] gap-1.5";

function isBlank(roll: { lengthYards: string; ticketYards: string } | undefined): boolean {
  return !roll || (roll.lengthYards.trim() === "" && roll.ticketYards.trim() === "");
}
