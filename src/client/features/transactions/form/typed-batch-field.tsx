import { useQuery } from "@tanstack/react-query";
import { type ComponentProps, type ReactNode, useEffect, useId, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useFormField,
} from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatLengthWithUnit } from "../../../lib/format";
import { materialBatchesQueryOptions } from "../../stock/api/material-batches";
import { type BatchMatch, batchSearchTerm, matchBatch, needsNewBatchConfirmation } from "./batch-match";
import type { TransactionFormValues } from "./form-model";
import type { StockIndex } from "./item-options";

/** The batches of a material whose look matches the typed batch, from the cache or the server. */
export const batchCheckQuery = (materialId: string, batch: string) =>
  materialBatchesQueryOptions(Number(materialId), batchSearchTerm(batch));

/** Waits this long after the last key before asking the server (one request per pause in typing). */
const TYPING_PAUSE_MS = 250;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * How the typed batch relates to the material's batches, once the server answered for it
 * (undefined while the clerk types or the answer is on its way), and the batches it found.
 */
function useBatchMatch(materialId: string, batch: string) {
  const settled = useDebounced(batch);
  const query = useQuery({
    ...batchCheckQuery(materialId, settled),
    enabled: materialId !== "" && batchSearchTerm(settled) !== "",
  });
  const current = settled === batch && query.data !== undefined;
  const match: BatchMatch | undefined = !batch.trim()
    ? { status: "empty" }
    : current
      ? matchBatch(
          batch,
          query.data.map((b) => b.batch),
        )
      : undefined;
  return { match, found: query.data ?? [] };
}

interface TypedBatchFieldProps {
  index: number;
  mode: "materials" | "count";
  /** Stock Opname: the stock at the warehouse (its batches are suggested with their yards). */
  stock: StockIndex | undefined;
  labelClassName: string;
  className: string;
  /** Stock Opname, a row counting one roll: the batch is the roll's. */
  readOnly?: boolean;
  /** Said under the batch (the roll counted). */
  note?: ReactNode;
}

/**
 * Receive and Stock Opname type the batch. A batch that differs only in case or spacing from one
 * the material has is offered as that one ("Did you mean L-2611-7?"), and a batch the material
 * does not have needs the clerk's "New batch" tick before the form saves: a typo creates no stock.
 */
export function TypedBatchField({
  index,
  mode,
  stock,
  labelClassName,
  className,
  readOnly = false,
  note,
}: TypedBatchFieldProps) {
  const { t } = useT();
  const form = useFormContext<TransactionFormValues>();
  const name = `items.${index}` as const;
  const materialId = useWatch({ control: form.control, name: `${name}.materialId` });
  const batch = useWatch({ control: form.control, name: `${name}.batch` });
  const { match, found } = useBatchMatch(materialId, batch);
  const ids = useId();
  const confirmNeeded = materialId !== "" && match !== undefined && needsNewBatchConfirmation(match);
  const suggestions = match?.status === "similar" ? match.suggestions : [];
  // Stock Opname suggests the batches at the warehouse, Receive those of the material it found.
  const listed =
    mode === "count"
      ? (materialId && stock ? stock.batchesOf(materialId) : []).map((b) => ({
          batch: b.batch,
          yards: b.availableYards,
        }))
      : found;
  const describedBy = [suggestions.length > 0 && `${ids}-suggest`, confirmNeeded && `${ids}-new`]
    .filter(Boolean)
    .join(" ");

  function pickSuggestion(suggestion: string) {
    form.setValue(`${name}.batch`, suggestion, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  }

  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <FormField
        control={form.control}
        name={`${name}.batch`}
        render={({ field }) => (
          <FormItem className="gap-1.5">
            <FormLabel className={labelClassName}>{t("transactions.item.batch")}</FormLabel>
            <FormControl>
              <DescribedInput
                {...field}
                autoComplete="off"
                placeholder={t("transactions.batch.placeholder")}
                readOnly={readOnly}
                className={readOnly ? "bg-muted/50" : undefined}
                list={readOnly ? undefined : `${ids}-batches`}
                extraDescribedBy={describedBy}
              />
            </FormControl>
            <datalist id={`${ids}-batches`}>
              {listed.map((b) => (
                <option key={b.batch} value={b.batch} label={formatLengthWithUnit(b.yards)} />
              ))}
            </datalist>
            <FormMessage className="text-xs" />
          </FormItem>
        )}
      />
      {note}
      {suggestions.length > 0 && (
        <div id={`${ids}-suggest`} className="flex flex-wrap gap-x-2 text-xs">
          {suggestions.map((s) => (
            <button
              key={s}
              type="button"
              onClick={() => pickSuggestion(s)}
              className="rounded-sm text-left font-medium text-amber-800 underline underline-offset-2 outline-none hover:text-amber-950 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {t("transactions.batch.didYouMean", { batch: s })}
            </button>
          ))}
        </div>
      )}
      {confirmNeeded && (
        <FormField
          control={form.control}
          name={`${name}.confirmedBatch`}
          render={({ field }) => {
            const confirmed = field.value === batch.trim();
            return (
              <FormItem
                id={`${ids}-new`}
                className={cn(
                  "flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border px-2 py-1.5",
                  confirmed ? "border-input" : "border-amber-500 bg-amber-50",
                )}
              >
                <FormControl>
                  <input
                    type="checkbox"
                    checked={confirmed}
                    onChange={(e) => field.onChange(e.target.checked ? batch.trim() : "")}
                    onBlur={field.onBlur}
                    className="size-6 shrink-0 accent-primary aria-invalid:outline-2 aria-invalid:outline-destructive"
                  />
                </FormControl>
                <FormLabel className="text-xs font-medium">{t("transactions.batch.new")}</FormLabel>
                <span className={cn("text-xs", confirmed ? "text-muted-foreground" : "text-amber-900")}>
                  {confirmed ? t("transactions.batch.willBeCreated") : t("transactions.batch.notYet")}
                </span>
                <FormMessage className="basis-full text-xs" />
              </FormItem>
            );
          }}
        />
      )}
    </div>
  );
}

/**
 * An input described by its validation message (when there is one) and by `extraDescribedBy`:
 * FormControl alone would describe it by the message only.
 */
export function DescribedInput({
  extraDescribedBy,
  invalid = false,
  ...props
}: ComponentProps<typeof Input> & {
  extraDescribedBy?: string;
  /** An error the form shows beside its own messages (a row over its limit). */
  invalid?: boolean;
}) {
  const { error, messageId } = useFormField();
  const describedBy = [error && messageId, extraDescribedBy].filter(Boolean).join(" ");
  return (
    <Input {...props} aria-describedby={describedBy || undefined} aria-invalid={Boolean(error) || invalid} />
  );
}
