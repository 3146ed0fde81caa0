import { PlusIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type UseFieldArrayReturn, useFormContext, useWatch } from "react-hook-form";
import { yardsToCenti } from "../../../../domain/yards";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { NothingToPick } from "../../master-data/nothing-to-pick";
import { copyRow, emptyRow, type ItemRowValues, parseYards, type TransactionFormValues } from "./form-model";
import type { MaterialChoices, StockIndex } from "./item-options";
import { ItemRow, type ItemRowProps, rowGridClass } from "./item-row";
import { rowShares, shareOf } from "./yards-cap";

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
}

/** Per row, the yards the other rows take from the roll it picked (0 without a roll). */
export function rollOthers(rows: readonly Pick<ItemRowValues, "rollId" | "yards">[]): number[] {
  const byRoll = new Map<string, number>();
  const taken = rows.map((r) => {
    const yards = parseYards(r.yards);
    return r.rollId && yards !== null && yards > 0 ? yardsToCenti(yards) : 0;
  });
  rows.forEach((r, i) => {
    if (r.rollId) byRoll.set(r.rollId, (byRoll.get(r.rollId) ?? 0) + (taken[i] ?? 0));
  });
  return rows.map((r, i) => (r.rollId ? ((byRoll.get(r.rollId) ?? 0) - (taken[i] ?? 0)) / 100 : 0));
}

const DESCRIPTIONS: Record<ItemRowProps["mode"], string> = {
  stock:
    "Pick from the fabric in stock at the warehouse, and a roll when it matters (otherwise the shortest rolls are cut first); yards are capped at what is available, shared by the rows of one batch.",
  materials:
    'The fabric received, by material type, color and batch; a batch the material does not have yet needs its "New batch" box ticked. "Rolls" under the yards lists an item\'s rolls one by one; without a roll list the item is one roll. The unit cost (per yard, optional) stays with the rolls.',
  count:
    'The counted yards per material and batch; the system yards are the current balance. A batch the material does not have yet needs its "New batch" box ticked. A scanned roll is counted by itself.',
};

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
}: ItemListProps) {
  const form = useFormContext<TransactionFormValues>();
  const rows = useWatch({ control: form.control, name: "items" });
  const shares = mode === "stock" && stock ? rowShares(rows, stock.availableOf) : [];
  const onSameRoll = mode === "stock" ? rollOthers(rows) : [];
  const noItemsError = form.formState.errors.items?.message;
  // The row that takes the focus when it appears: the one "Add Item" or "Copy" just made.
  const [focus, setFocus] = useState<{ rowId: string; field: "first" | "yards" } | null>(null);

  const headings =
    mode === "count"
      ? ["Material Type", "Color", "Batch", "System Yards", "Counted Yards"]
      : mode === "stock"
        ? ["Material Type", "Color", "Batch", "Roll", "Yards"]
        : ["Material Type", "Color", "Batch", "Yards", "Unit Cost"];

  function add(row: ItemRowValues, field: "first" | "yards", at?: number) {
    setFocus({ rowId: row.rowId, field });
    if (at === undefined) items.append(row, { shouldFocus: false });
    else items.insert(at, row, { shouldFocus: false });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Items</CardTitle>
        <CardDescription>{DESCRIPTIONS[mode]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 lg:gap-2">
        {scanField ? <div className="mb-2 lg:mb-3">{scanField}</div> : null}
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
              rowGridClass(mode),
            )}
          >
            {headings.map((h) => (
              <span key={h} className={h.endsWith("Yards") || h === "Unit Cost" ? "text-right" : undefined}>
                {h}
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
              share={shares[index]}
              shareFor={(materialId, batch) =>
                mode === "stock" && stock
                  ? shareOf(rows, index, materialId, batch, stock.availableOf)
                  : undefined
              }
              systemYards={known ? stock.availableOf(Number(row.materialId), row.batch.trim()) : undefined}
              warehouseId={warehouseId}
              rollOthersYards={onSameRoll[index]}
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
            No items yet. Use "Add Item" to add the fabric of this transaction.
          </p>
        )}
        <div>
          <Button variant="outline" onClick={() => add(emptyRow(), "first")}>
            <PlusIcon aria-hidden="true" />
            Add Item
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
