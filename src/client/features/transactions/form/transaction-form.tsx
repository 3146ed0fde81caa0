import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Link } from "wouter";
import { KIND_INFO, type TransactionKind } from "../../../../domain/transaction-kinds";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Form } from "../../../components/ui/form";
import { toIsoDate } from "../../../lib/format";
import { materialsQueryOptions } from "../../materials/api/list-materials";
import { useStockLevels } from "../../stock/api/list-stock-levels";
import {
  emptyForm,
  isConsumption,
  type SystemYardsLookup,
  stockWarehouseField,
  type TransactionFormValues,
} from "./form-model";
import { HeaderFields } from "./header-fields";
import { ItemList } from "./item-list";
import { indexStock, materialChoices } from "./item-options";
import type { ItemRowProps } from "./item-row";
import { useLeaveGuard } from "./use-leave-guard";
import { useDomainResolver, useTransactionSubmit } from "./use-transaction-submit";

const DESCRIPTIONS: Record<TransactionKind, string> = {
  receive: "Record incoming fabric from a supplier.",
  "production-usage": "Record fabric used in production.",
  waste: "Record fabric that was damaged, defective or lost.",
  transfer: "Move fabric from one warehouse to another.",
  return: "Return fabric to its supplier.",
  "stock-opname": "Reconcile the physical count with the system's stock.",
};

/** What the items are chosen from: the stock on hand, the materials, or a count of the stock. */
export function modeOf(kind: TransactionKind): ItemRowProps["mode"] {
  if (isConsumption(kind)) return "stock";
  return kind === "stock-opname" ? "count" : "materials";
}

/** The entry form of one transaction kind (spec section 2, "Transaction entry form"). */
export function TransactionForm({ kind }: { kind: TransactionKind }) {
  const mode = modeOf(kind);
  const lookup = useRef<SystemYardsLookup>(() => 0);
  const resolver = useDomainResolver(kind, lookup);
  const form = useForm<TransactionFormValues>({
    defaultValues: emptyForm(toIsoDate(new Date())),
    resolver,
  });
  const items = useFieldArray({ control: form.control, name: "items" });

  // Consumption kinds offer the stock of the (source) warehouse; Stock Opname shows its balances.
  const warehouseField = stockWarehouseField(kind);
  const warehouse = useWatch({ control: form.control, name: warehouseField });
  const stockQuery = useStockLevels(
    { warehouse: Number(warehouse) || undefined, inStockOnly: true },
    { enabled: mode !== "materials" && warehouse !== "" },
  );
  const stock = useMemo(() => (stockQuery.data ? indexStock(stockQuery.data) : undefined), [stockQuery.data]);
  const materials = useQuery({ ...materialsQueryOptions(), enabled: mode !== "stock" });
  const allMaterials = useMemo(
    () => (materials.data ? materialChoices(materials.data) : undefined),
    [materials.data],
  );
  lookup.current = (materialId, batch) => stock?.availableOf(materialId, batch) ?? 0;
  // Said above the items, with a link to where they come from (issue 13).
  const nothing =
    mode === "stock"
      ? warehouse && stockQuery.data?.length === 0
        ? "stock"
        : undefined
      : materials.data?.length === 0
        ? "materials"
        : undefined;

  // A half-filled form asks before it is left; the move to the list after saving does not ask.
  const leaveGuard = useLeaveGuard(form.formState.isDirty);
  const { submit, pending } = useTransactionSubmit(kind, form, lookup, () =>
    leaveGuard.leave("/transactions"),
  );

  function onStockWarehouseChange(field: string, previous: string, next: string) {
    // The rows name stock of the previous warehouse: start over (spec: consumption forms).
    if (mode === "stock" && field === warehouseField && previous && previous !== next) items.replace([]);
  }

  return (
    <>
      <PageHeader title={`Transaction: ${KIND_INFO[kind].title}`} description={DESCRIPTIONS[kind]} />
      <Form {...form}>
        <form
          noValidate
          onSubmit={submit}
          onKeyDown={(event) => {
            // Enter in a text field does not save: only the Save button does.
            if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
          }}
          className="flex flex-col gap-6"
        >
          <HeaderFields kind={kind} onStockWarehouseChange={onStockWarehouseChange} />
          <ItemList
            mode={mode}
            items={items}
            choices={mode === "stock" ? stock?.choices : allMaterials}
            stock={mode === "materials" ? undefined : stock}
            pickersDisabled={mode === "stock" && !warehouse}
            nothing={nothing}
            warehouseId={mode === "stock" ? warehouse : undefined}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link href="/transactions">Cancel</Link>
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : "Save Transaction"}
            </Button>
          </div>
        </form>
      </Form>
      {leaveGuard.dialog}
    </>
  );
}
