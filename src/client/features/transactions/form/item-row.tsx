import { CopyIcon, LayersIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { formatRollCode } from "../../../../domain/roll";
import { yardsToCenti } from "../../../../domain/yards";
import { Button } from "../../../components/ui/button";
import { Combobox } from "../../../components/ui/combobox";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatLength, formatLengthWithUnit, formatSignedLength } from "../../../lib/format";
import { useKeyRolls } from "../api/key-rolls";
import { DestinationBinField } from "./destination-bin-field";
import { lengthText, parseYards, rollsOf, rollsTotal, type TransactionFormValues } from "./form-model";
import { type MaterialChoices, type StockIndex, withChosen } from "./item-options";
import { MaterialFields } from "./material-fields";
import { RollEntry, rollCount } from "./roll-entry";
import { RollPicker } from "./roll-picker";
import { ShareNote } from "./share-note";
import { DescribedInput, TypedBatchField } from "./typed-batch-field";
import { UnitCostField } from "./unit-cost-field";
import type { RowLimit, RowShare } from "./yards-limit";

export interface ItemRowProps {
  index: number;
  /** Consumption kinds pick from the stock at the warehouse; Receive and Stock Opname from all materials. */
  mode: "stock" | "materials" | "count";
  choices: MaterialChoices | undefined;
  /** The stock at the form's warehouse (consumption kinds, Stock Opname); undefined until chosen. */
  stock: StockIndex | undefined;
  /** Consumption kinds before a warehouse is chosen. */
  pickersDisabled: boolean;
  /** Consumption kinds: what the row may take (available minus the other rows of its batch). */
  share: RowShare | undefined;
  /** Consumption kinds: the most the row may take, and the error when the yards ask for more. */
  limit: RowLimit | undefined;
  /** Stock Opname: the balance of the row's material and batch, or undefined when not known yet. */
  systemYards: number | undefined;
  /** Consumption kinds: the (source) warehouse whose rolls the roll picker lists. */
  warehouseId?: string;
  /** Consumption kinds: the yards the form's other rows take from this row's picked roll. */
  rollOthersYards?: number;
  /** Transfer: the bin the item goes to at the destination (CONTRACT.md section 12). */
  destinationBin?: boolean;
  /** A row just added ("first": its first field) or copied ("yards") takes the focus once. */
  focusOnMount?: "first" | "yards";
  onCopy: () => void;
  onRemove: () => void;
}

/** The grid columns of a row on large screens; the list's column headings use the same. */
export function rowGridClass(mode: ItemRowProps["mode"], destinationBin = false) {
  if (mode === "count") return "lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_7rem_8rem_4.5rem]";
  // Consumption kinds: a Roll column between batch and yards; a transfer's destination bin after them.
  if (mode === "stock" && destinationBin)
    return "lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.15fr)_7rem_8rem_4.5rem]";
  if (mode === "stock")
    return "lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.15fr)_8rem_4.5rem]";
  // Receive: a Unit Cost column after the yards (issue 17).
  return "lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_8rem_7.5rem_4.5rem]";
}

/** One item: material type, color, batch and yards (counted yards beside the system yards on Stock Opname). */
export function ItemRow({
  index,
  mode,
  choices,
  stock,
  pickersDisabled,
  share,
  limit,
  systemYards,
  warehouseId,
  rollOthersYards = 0,
  destinationBin = false,
  focusOnMount,
  onCopy,
  onRemove,
}: ItemRowProps) {
  const { t, lengthUnit: unit } = useT();
  const form = useFormContext<TransactionFormValues>();
  const name = `items.${index}` as const;
  const row = useWatch({ control: form.control, name });
  const ids = useId();
  const n = index + 1;
  const rowRef = useRef<HTMLDivElement>(null);
  const yardsRef = useRef<HTMLInputElement | null>(null);
  const revalidate = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
  const set = (field: "typeName" | "materialId" | "batch" | "yards" | "rollId", value: string) =>
    form.setValue(`${name}.${field}`, value, revalidate);

  // Receive: the item's roll list (quick entry); while it lists rolls, yards are their sum.
  const listedRolls = mode === "materials" ? rollsOf(row) : [];
  const rollsTotalYards = rollsTotal(listedRolls.map((r) => r.roll)).yards;
  const [rollsOpen, setRollsOpen] = useState(() => (row.rolls ?? []).length > 0);

  // Consumption kinds: the rolls of the row's material and batch at the warehouse. Stock Opname:
  // the same for a row counting one (scanned) roll, whose length is the system yards.
  const countsRoll = mode === "count" && Boolean(row.rollId);
  const rollKey =
    (mode === "stock" || countsRoll) && warehouseId && row.materialId && row.batch
      ? { materialId: Number(row.materialId), batch: row.batch, warehouseId: Number(warehouseId) }
      : null;
  const keyRolls = useKeyRolls(rollKey);
  const pickedRoll = row.rollId ? keyRolls.data?.find((r) => String(r.id) === row.rollId) : undefined;
  const rowSystemYards = countsRoll ? pickedRoll?.lengthYards : systemYards;

  const focusRef = useRef(focusOnMount);
  useEffect(() => {
    // Once, when the row appears: a new row's first field that can be used, a copy's yards.
    const target =
      focusRef.current === "yards"
        ? yardsRef.current
        : rowRef.current?.querySelector<HTMLElement>("button:enabled, input:enabled");
    if (focusRef.current) target?.focus();
  }, []);

  const batches = row.materialId && stock ? stock.batchesOf(row.materialId) : [];
  const batchOptions = withChosen(
    batches.map((b) => ({ value: b.batch, label: b.batch, hint: formatLengthWithUnit(b.availableYards) })),
    row.batch,
    row.batch,
  );
  const label = "lg:sr-only";
  // Phones: type and color full width, then batch and yards side by side (Stock Opname: the batch
  // full width, then system and counted yards side by side). Large screens: one line.
  const wide = "col-span-2 sm:col-span-1";
  // Stock Opname: what the count changes, once both amounts are known.
  const counted = mode === "count" ? parseYards(row.yards) : null;
  const delta =
    counted !== null && rowSystemYards !== undefined
      ? (yardsToCenti(counted) - yardsToCenti(rowSystemYards)) / 100
      : undefined;
  const typedYards = parseYards(row.yards);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would show; the group only names the row
    <div
      ref={rowRef}
      role="group"
      aria-label={t("transactions.row.item", { n })}
      className={cn(
        "relative grid grid-cols-2 items-start gap-3 rounded-lg border p-3 lg:gap-2 lg:rounded-none lg:border-0 lg:p-0",
        rowGridClass(mode, destinationBin),
      )}
    >
      <p aria-hidden="true" className="col-span-2 flex h-9 items-center text-sm font-semibold lg:hidden">
        {t("transactions.row.item", { n })}
      </p>
      <MaterialFields
        index={index}
        mode={mode}
        choices={choices}
        pickersDisabled={pickersDisabled}
        locked={countsRoll}
        labelClassName={label}
        className={wide}
        set={set}
      />
      {mode === "stock" ? (
        <FormField
          control={form.control}
          name={`${name}.batch`}
          render={({ field }) => (
            <FormItem className="col-span-1 gap-1.5">
              <FormLabel className={label}>{t("transactions.item.batch")}</FormLabel>
              <FormControl>
                <Combobox
                  options={batchOptions}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    if (value !== row.batch) set("rollId", "");
                  }}
                  placeholder={t("transactions.row.selectBatch")}
                  searchPlaceholder={t("transactions.row.searchBatches")}
                  disabled={pickersDisabled || !row.materialId}
                />
              </FormControl>
              <FormMessage className="text-xs" />
            </FormItem>
          )}
        />
      ) : (
        <TypedBatchField
          index={index}
          mode={mode}
          stock={stock}
          labelClassName={label}
          // Receive on phones: the batch full width, then yards and unit cost side by side.
          className="col-span-2 lg:col-span-1"
          readOnly={countsRoll}
          note={
            countsRoll ? (
              <p className="text-xs text-muted-foreground">
                {t("transactions.row.countedRoll", {
                  code: pickedRoll?.code ?? formatRollCode(Number(row.rollId)),
                })}
              </p>
            ) : undefined
          }
        />
      )}
      {mode === "stock" && (
        <FormField
          control={form.control}
          name={`${name}.rollId`}
          render={({ field }) => (
            // Phones: under batch and yards, full width (a roll's label is long).
            <FormItem className="order-1 col-span-2 gap-1.5 lg:order-none lg:col-span-1">
              <FormLabel className={label}>{t("transactions.item.roll")}</FormLabel>
              <FormControl>
                <RollPicker
                  value={field.value ?? ""}
                  onChange={(rollId) => {
                    field.onChange(rollId);
                    const roll = keyRolls.data?.find((r) => String(r.id) === rollId);
                    if (!roll) return;
                    // Blank yards become what is left of the roll (picking is choosing the roll);
                    // typed yards stay as typed: more than the roll holds is an error at the field
                    // (CONTRACT.md section 12), never cut down.
                    const typed = parseYards(row.yards);
                    if (typed !== null && typed > 0) return;
                    const left =
                      Math.max(0, yardsToCenti(roll.lengthYards) - yardsToCenti(rollOthersYards)) / 100;
                    set("yards", lengthText(left));
                  }}
                  rolls={keyRolls.data}
                  failed={keyRolls.isError}
                  disabled={pickersDisabled || rollKey === null}
                />
              </FormControl>
              {pickedRoll && (
                <p className="text-xs text-muted-foreground">
                  {typedYards !== null && yardsToCenti(typedYards) === yardsToCenti(pickedRoll.lengthYards)
                    ? t("transactions.row.wholeRoll")
                    : t("transactions.row.cutFrom", { length: formatLengthWithUnit(pickedRoll.lengthYards) })}
                </p>
              )}
              <FormMessage className="text-xs" />
            </FormItem>
          )}
        />
      )}
      {mode === "count" && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-system`} className={label}>
            {t("transactions.item.system", { unit })}
          </Label>
          <Input
            id={`${ids}-system`}
            readOnly
            tabIndex={-1}
            value={rowSystemYards === undefined ? "—" : formatLength(rowSystemYards)}
            className="bg-muted/50 text-right tabular-nums"
          />
        </div>
      )}
      <FormField
        control={form.control}
        name={`${name}.yards`}
        render={({ field }) => (
          <FormItem className="gap-1.5">
            <FormLabel className={label}>
              {t(mode === "count" ? "transactions.item.counted" : "transactions.item.length", { unit })}
            </FormLabel>
            <FormControl>
              {listedRolls.length > 0 ? (
                // The sum of the listed rolls: changed through the rolls, not here.
                <DescribedInput
                  name={field.name}
                  ref={(el) => {
                    field.ref(el);
                    yardsRef.current = el;
                  }}
                  value={formatLength(rollsTotalYards)}
                  readOnly
                  title={t("transactions.row.sumOfRolls")}
                  className="bg-muted/50 text-right tabular-nums"
                  extraDescribedBy={`${ids}-rolls`}
                />
              ) : (
                <DescribedInput
                  {...field}
                  ref={(el) => {
                    field.ref(el);
                    yardsRef.current = el;
                  }}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0"
                  className="text-right tabular-nums"
                  invalid={Boolean(limit?.error)}
                  extraDescribedBy={share ? `${ids}-share` : undefined}
                />
              )}
            </FormControl>
            <FormMessage className="text-xs lg:text-right" />
            {mode === "materials" && (
              <Button
                type="button"
                variant="link"
                size="sm"
                id={`${ids}-rolls`}
                aria-expanded={rollsOpen}
                aria-label={
                  listedRolls.length > 0
                    ? t("transactions.row.rollsOf", { n, rolls: rollCount(listedRolls.length) })
                    : t("transactions.row.enterRolls", { n })
                }
                onClick={() => setRollsOpen((open) => !open)}
                // A tap target of 24 px at least (WCAG 2.5.8), however small its text.
                className="h-6 min-w-6 justify-start gap-1 px-0 py-0 text-xs lg:justify-end"
              >
                <LayersIcon aria-hidden="true" className="size-3.5" />
                {listedRolls.length > 0 ? rollCount(listedRolls.length) : t("transactions.row.rolls")}
              </Button>
            )}
            {delta !== undefined && (
              <p className="text-xs text-muted-foreground lg:text-right">
                {t("transactions.row.change", { length: formatSignedLength(delta) })}
              </p>
            )}
          </FormItem>
        )}
      />
      {destinationBin && <DestinationBinField index={index} labelClassName={label} />}
      {mode === "materials" && (
        <UnitCostField index={index} yards={listedRolls.length > 0 ? rollsTotalYards : typedYards} />
      )}
      <div className="absolute top-3 right-2 flex lg:static">
        <Button
          variant="ghost"
          size="icon"
          onClick={onCopy}
          aria-label={t("transactions.row.copyItem", { n })}
          title={t("transactions.row.copy")}
          className="text-muted-foreground"
        >
          <CopyIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={onRemove}
          aria-label={t("transactions.row.removeItem", { n })}
          title={t("transactions.row.remove")}
          className="text-muted-foreground hover:text-destructive"
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      {share && (
        <ShareNote
          id={`${ids}-share`}
          share={share}
          max={limit?.max ?? share.max}
          cappedByRoll={pickedRoll && limit && limit.max < share.max ? pickedRoll.code : null}
          error={limit?.error ?? null}
        />
      )}
      {mode === "materials" && rollsOpen && <RollEntry index={index} onEmptied={() => setRollsOpen(false)} />}
    </div>
  );
}
