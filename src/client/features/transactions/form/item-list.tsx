import { PlusIcon } from "lucide-react";
import { type UseFieldArrayReturn, useFormContext, useWatch } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { emptyRow, type TransactionFormValues } from "./form-model";
import type { MaterialChoices, StockIndex } from "./item-options";
import { ItemRow, type ItemRowProps, rowGridClass } from "./item-row";
import { rowCaps } from "./yards-cap";

interface ItemListProps {
  mode: ItemRowProps["mode"];
  items: UseFieldArrayReturn<TransactionFormValues, "items">;
  choices: MaterialChoices | undefined;
  stock: StockIndex | undefined;
  pickersDisabled: boolean;
}

const DESCRIPTIONS: Record<ItemRowProps["mode"], string> = {
  stock: "Pick from the fabric in stock at the warehouse; yards are capped at what is available.",
  materials: "The fabric received, by material type, color and batch.",
  count: "The counted yards per material and batch; the system yards are the current balance.",
};

/** The Items card: one row per item, column headings on large screens, "Add Item" below. */
export function ItemList({ mode, items, choices, stock, pickersDisabled }: ItemListProps) {
  const form = useFormContext<TransactionFormValues>();
  const rows = useWatch({ control: form.control, name: "items" });
  const caps = mode === "stock" && stock ? rowCaps(rows, stock.availableOf) : [];
  const noItemsError = form.formState.errors.items?.message;

  const headings =
    mode === "count"
      ? ["Material Type", "Color", "Batch", "System Yards", "Counted Yards"]
      : ["Material Type", "Color", "Batch", "Yards"];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Items</CardTitle>
        <CardDescription>{DESCRIPTIONS[mode]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 lg:gap-2">
        {items.fields.length > 0 && (
          <div
            aria-hidden="true"
            className={cn(
              "hidden gap-2 text-xs font-medium uppercase tracking-wide text-muted-foreground lg:grid",
              rowGridClass(mode),
            )}
          >
            {headings.map((h) => (
              <span key={h} className={h.endsWith("Yards") ? "text-right" : undefined}>
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
              maxYards={caps[index]}
              systemYards={known ? stock.availableOf(Number(row.materialId), row.batch.trim()) : undefined}
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
          <Button variant="outline" onClick={() => items.append(emptyRow(), { shouldFocus: false })}>
            <PlusIcon aria-hidden="true" />
            Add Item
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
