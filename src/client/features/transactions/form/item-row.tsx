import { Trash2Icon } from "lucide-react";
import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { yardsToCenti } from "../../../../domain/yards";
import { Button } from "../../../components/ui/button";
import { Combobox } from "../../../components/ui/combobox";
import { FormControl, FormField, FormItem, FormLabel } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { cn } from "../../../lib/cn";
import { formatSignedYards, formatYards } from "../../../lib/format";
import { parseYards, type TransactionFormValues } from "./form-model";
import { type MaterialChoices, type StockIndex, withChosen } from "./item-options";
import { clampYards } from "./yards-cap";

export interface ItemRowProps {
  index: number;
  /** Consumption kinds pick from the stock at the warehouse; Receive and Stock Opname from all materials. */
  mode: "stock" | "materials" | "count";
  choices: MaterialChoices | undefined;
  /** The stock at the form's warehouse (consumption kinds, Stock Opname); undefined until chosen. */
  stock: StockIndex | undefined;
  /** Consumption kinds before a warehouse is chosen. */
  pickersDisabled: boolean;
  /** Consumption kinds: the yards this row may take (available minus the other rows' share). */
  maxYards: number | undefined;
  /** Stock Opname: the balance of the row's material and batch, or undefined when not known yet. */
  systemYards: number | undefined;
  onRemove: () => void;
}

/** The grid columns of a row on large screens; the list's column headings use the same. */
export function rowGridClass(mode: ItemRowProps["mode"]) {
  return mode === "count"
    ? "lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_7rem_8rem_2.25rem]"
    : "lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_8rem_2.25rem]";
}

/** One item: material type, color, batch and yards (counted yards beside the system yards on Stock Opname). */
export function ItemRow({
  index,
  mode,
  choices,
  stock,
  pickersDisabled,
  maxYards,
  systemYards,
  onRemove,
}: ItemRowProps) {
  const form = useFormContext<TransactionFormValues>();
  const name = `items.${index}` as const;
  const row = useWatch({ control: form.control, name });
  const ids = useId();
  const n = index + 1;
  const revalidate = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
  const set = (field: "typeName" | "materialId" | "batch" | "yards", value: string) =>
    form.setValue(`${name}.${field}`, value, revalidate);

  const typeOptions = withChosen(choices?.types ?? [], row.typeName, row.typeName);
  const colorOptions = choices?.colorsByType.get(row.typeName) ?? [];
  const batches = row.materialId && stock ? stock.batchesOf(row.materialId) : [];
  const batchOptions = withChosen(
    batches.map((b) => ({ value: b.batch, label: b.batch })),
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
    counted !== null && systemYards !== undefined
      ? (yardsToCenti(counted) - yardsToCenti(systemYards)) / 100
      : undefined;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would show; the group only names the row
    <div
      role="group"
      aria-label={`Item ${n}`}
      className={cn(
        "relative grid grid-cols-2 items-start gap-3 rounded-lg border p-3 lg:gap-2 lg:rounded-none lg:border-0 lg:p-0",
        rowGridClass(mode),
      )}
    >
      <p aria-hidden="true" className="text-sm font-semibold col-span-2 lg:hidden">
        Item {n}
      </p>
      <FormField
        control={form.control}
        name={`${name}.typeName`}
        render={({ field }) => (
          <FormItem className={cn("gap-1.5", wide)}>
            <FormLabel className={label}>Material Type</FormLabel>
            <FormControl>
              <Combobox
                options={typeOptions}
                value={field.value}
                onChange={(value) => {
                  if (value === field.value) return;
                  field.onChange(value);
                  set("materialId", "");
                  if (mode === "stock") set("batch", "");
                }}
                placeholder={
                  pickersDisabled ? "Choose a warehouse first" : choices ? "Select type" : "Loading..."
                }
                searchPlaceholder="Search types..."
                emptyText={mode === "stock" ? "No stock at this warehouse." : "No materials found."}
                disabled={pickersDisabled}
              />
            </FormControl>
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name={`${name}.materialId`}
        render={({ field }) => (
          <FormItem className={cn("gap-1.5", wide)}>
            <FormLabel className={label}>Color</FormLabel>
            <FormControl>
              <Combobox
                options={colorOptions}
                value={field.value}
                onChange={(value) => {
                  if (value === field.value) return;
                  field.onChange(value);
                  if (mode === "stock") set("batch", "");
                }}
                placeholder="Select color"
                searchPlaceholder="Search colors..."
                disabled={pickersDisabled || !row.typeName}
              />
            </FormControl>
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name={`${name}.batch`}
        render={({ field }) => (
          <FormItem className={cn("gap-1.5", mode === "count" ? "col-span-2 lg:col-span-1" : "col-span-1")}>
            <FormLabel className={label}>Batch</FormLabel>
            {mode === "stock" ? (
              <FormControl>
                <Combobox
                  options={batchOptions}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    const available = stock?.availableOf(Number(row.materialId), value);
                    if (available !== undefined) set("yards", clampYards(row.yards, available));
                  }}
                  placeholder="Select batch"
                  searchPlaceholder="Search batches..."
                  disabled={pickersDisabled || !row.materialId}
                />
              </FormControl>
            ) : (
              <>
                <FormControl>
                  <Input
                    {...field}
                    autoComplete="off"
                    placeholder="Batch Number"
                    list={mode === "count" ? `${ids}-batches` : undefined}
                  />
                </FormControl>
                {mode === "count" && (
                  <datalist id={`${ids}-batches`}>
                    {batches.map((b) => (
                      <option key={b.batch} value={b.batch} />
                    ))}
                  </datalist>
                )}
              </>
            )}
          </FormItem>
        )}
      />
      {mode === "count" && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-system`} className={label}>
            System Yards
          </Label>
          <Input
            id={`${ids}-system`}
            readOnly
            tabIndex={-1}
            value={systemYards === undefined ? "—" : formatYards(systemYards)}
            className="bg-muted/50 text-right tabular-nums"
          />
        </div>
      )}
      <FormField
        control={form.control}
        name={`${name}.yards`}
        render={({ field }) => (
          <FormItem className="gap-1.5">
            <FormLabel className={label}>{mode === "count" ? "Counted Yards" : "Yards"}</FormLabel>
            <FormControl>
              <Input
                {...field}
                onChange={(e) => field.onChange(clampYards(e.target.value, maxYards))}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                max={maxYards}
                placeholder="0"
                className="text-right tabular-nums"
                aria-describedby={maxYards !== undefined ? `${ids}-max` : undefined}
              />
            </FormControl>
            {maxYards !== undefined && (
              <p id={`${ids}-max`} className="text-xs text-muted-foreground lg:text-right">
                max {formatYards(maxYards)}
              </p>
            )}
            {delta !== undefined && (
              <p className="text-xs text-muted-foreground lg:text-right">change {formatSignedYards(delta)}</p>
            )}
          </FormItem>
        )}
      />
      <Button
        variant="ghost"
        size="icon"
        onClick={onRemove}
        aria-label={`Remove item ${n}`}
        className="absolute top-1.5 right-1.5 text-muted-foreground hover:text-destructive lg:static"
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </div>
  );
}
