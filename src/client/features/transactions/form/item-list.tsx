import { PlusIcon } from "lucide-react";
import type { ReactNode } from "react";
import { type UseFieldArrayReturn, useFormContext, useWatch } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { NothingToPick } from "../../master-data/nothing-to-pick";
import { copyRow, emptyRow, type ItemRowValues, type TransactionFormValues } from "./form-model";
import type { MaterialChoices, StockIndex } from "./item-options";
import { ItemRow, type ItemRowProps, rowGridClass } from "./item-row";
import type { RowLimits } from "./use-row-limits";

/** A row that takes the focus when it appears: its first field, or its yards. */
export interface FocusRequest {
  rowId: string;
  field: "first" | "yards";
}

interface ItemListProps {
  mode: ItemRowProps["mode"];
  items: UseFieldArrayReturn<TransactionFormValues, "items">;
  choices: MaterialChoices | undefined;
  stock: StockIndex | undefined;
  pickersDisabled: boolean;
  /** The pickers have nothing to offer: no materials at all, or no stock at the warehouse. */
  nothing: "materials" | "stock" | undefined;
  /** Consumption kinds and Stock Opname: the (source) warehouse, whose rolls the rows name. */
  warehouseId?: string;
  /** "Scan roll" (every form but Receive), above the items. */
  scanField?: ReactNode;
  /** Transfer: each item has a destination bin. */
  destinationBin?: boolean;
  /** Consumption kinds: each row's limit (useRowLimits). */
  limits: RowLimits;
  /** The row that takes the focus when it appears: one "Add Item", "Copy" or a scan just made. */
  focus: FocusRequest | null;
  onFocusRequest: (request: FocusRequest) => void;
}

/** The Items card: one row per item, column headings on large screens, "Add Item" below. */
export function ItemList({
  mode,
  items,
  choices,
  stock,
  pickersDisabled,
  nothing,
  warehouseId,
  scanField,
  limits,
  destinationBin = false,
  focus,
  onFocusRequest,
}: ItemListProps) {
  const { t, lengthUnit: unit } = useT();
  const form = useFormContext<TransactionFormValues>();
  const rows = useWatch({ control: form.control, name: "items" });
  const noItemsError = form.formState.errors.items?.message;

  // The length columns are right-aligned, as the figures under them.
  const type = { text: t("transactions.item.type") };
  const color = { text: t("transactions.item.color") };
  const batch = { text: t("transactions.item.batch") };
  const length = { text: t("transactions.item.length", { unit }), right: true };
  const headings: { text: string; right?: boolean }[] =
    mode === "count"
      ? [
          type,
          color,
          batch,
          { text: t("transactions.item.system", { unit }), right: true },
          { text: t("transactions.item.counted", { unit }), right: true },
        ]
      : mode === "stock"
        ? [
            type,
            color,
            batch,
            { text: t("transactions.item.roll") },
            length,
            ...(destinationBin ? [{ text: t("transactions.item.destinationBin") }] : []),
          ]
        : [type, color, batch, length, { text: t("transactions.item.unitCost"), right: true }];

  function add(row: ItemRowValues, field: "first" | "yards", at?: number) {
    onFocusRequest({ rowId: row.rowId, field });
    if (at === undefined) items.append(row, { shouldFocus: false });
    else items.insert(at, row, { shouldFocus: false });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("transactions.item.title")}</CardTitle>
        <CardDescription>{t(`transactions.item.description.${mode}`, { unit })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 lg:gap-2">
        {scanField ? <div className="mb-7">{scanField}</div> : null}
        {nothing && (
          <NothingToPick
            what={nothing}
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 lg:mb-1"
          />
        )}
        {items.fields.length > 0 && (
          <div
            aria-hidden="true"
            className={cn(
              "hidden gap-2 text-xs font-medium uppercase tracking-wide text-muted-foreground lg:grid",
              rowGridClass(mode, destinationBin),
            )}
          >
            {headings.map((h) => (
              <span key={h.text} className={h.right ? "text-right" : undefined}>
                {h.text}
              </span>
            ))}
          </div>
        )}
        {items.fields.map((field, index) => {
          const row = rows[index];
          const known = mode === "count" && stock && row?.materialId && row.batch.trim();
          return (
            <ItemRow
              key={field.id}
              index={index}
              mode={mode}
              choices={choices}
              stock={stock}
              pickersDisabled={pickersDisabled}
              share={limits.shares[index]}
              limit={limits.limits[index]}
              destinationBin={destinationBin}
              systemYards={known ? stock.availableOf(Number(row.materialId), row.batch.trim()) : undefined}
              warehouseId={warehouseId}
              rollOthersYards={limits.onSameRoll[index]}
              focusOnMount={focus?.rowId === field.rowId ? focus.field : undefined}
              onCopy={() => add(copyRow(form.getValues(`items.${index}`)), "yards", index + 1)}
              onRemove={() => items.remove(index)}
            />
          );
        })}
        {items.fields.length === 0 && (
          <p
            className={cn(
              "rounded-lg border border-dashed px-4 py-6 text-center text-sm",
              noItemsError ? "border-destructive text-destructive" : "text-muted-foreground",
            )}
          >
            {t("transactions.item.none")}
          </p>
        )}
        <div>
          <Button variant="outline" onClick={() => add(emptyRow(), "first")}>
            <PlusIcon aria-hidden="true" />
            {t("transactions.item.add")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
