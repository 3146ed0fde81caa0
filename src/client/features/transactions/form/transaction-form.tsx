import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Link, useSearch } from "wouter";
import type { Roll } from "../../../../domain/roll";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Form } from "../../../components/ui/form";
import { useT } from "../../../i18n";
import { toIsoDate } from "../../../lib/format";
import { useMe } from "../../auth/api/get-me";
import { fetchRollsForLabels } from "../../labels/rolls-for-labels";
import { materialsQueryOptions } from "../../materials/api/list-materials";
import { useStockLevels } from "../../stock/api/list-stock-levels";
import { useWarehouses } from "../../warehouses/api/list-warehouses";
import { clearDraft, readDraft } from "./draft";
import {
  emptyForm,
  isConsumption,
  type SystemYardsLookup,
  stockWarehouseField,
  type TransactionFormValues,
} from "./form-model";
import { HeaderFields } from "./header-fields";
import { type FocusRequest, ItemList } from "./item-list";
import { indexStock, materialChoices } from "./item-options";
import type { ItemRowProps } from "./item-row";
import { focusAfterScan, rowOfRoll, rowsOfDraft, scanRefusal, scansRolls } from "./roll-rows";
import { useLeaveGuard } from "./use-leave-guard";
import { useRowLimits } from "./use-row-limits";
import { useStoredDraft } from "./use-stored-draft";
import { useDomainResolver, useTransactionSubmit } from "./use-transaction-submit";

/** Scan roll: loaded with the forms that take existing rolls (not with Receive, which makes new ones). */
const ScanRollField = lazy(() =>
  import("../../scan/scan-roll-field").then((m) => ({ default: m.ScanRollField })),
);

/** Receive against a purchase order: its own chunk, so the form's first load does not wait for it. */
const PurchaseOrderCard = lazy(() =>
  import("./purchase-order-card").then((m) => ({ default: m.PurchaseOrderCard })),
);

/** What the items are chosen from: the stock on hand, the materials, or a count of the stock. */
export function modeOf(kind: TransactionKind): ItemRowProps["mode"] {
  if (isConsumption(kind)) return "stock";
  return kind === "stock-opname" ? "count" : "materials";
}

/** The entry form of one transaction kind (spec section 2, "Transaction entry form"). */
export function TransactionForm({ kind }: { kind: TransactionKind }) {
  const { t } = useT();
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
  // No silent cap (CONTRACT.md section 12): yards over a roll's or a batch's limit keep Save disabled.
  const rows = useWatch({ control: form.control, name: "items" });
  const limits = useRowLimits(mode, rows, stock, warehouse);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  // A transaction started elsewhere (Find Fabric): taken once, filled in when its rolls are read.
  const [draft] = useState(() => readDraft(kind));
  const materials = useQuery({ ...materialsQueryOptions(), enabled: mode !== "stock" || draft !== null });
  // Only the rows' pickers offer them: none at first paint, so the sort (and the browser's
  // collation set-up, tens of ms on a phone) waits for the first row instead of the form's load.
  const hasRows = rows.length > 0;
  const allMaterials = useMemo(
    () => (materials.data && hasRows ? materialChoices(materials.data) : undefined),
    [materials.data, hasRows],
  );
  lookup.current = (materialId, batch) => stock?.availableOf(materialId, batch) ?? 0;
  // The dye-lot guard names materials as "Cotton / Red".
  const materialName = useRef<(materialId: number) => string>(String);
  materialName.current = (materialId) => {
    const m =
      stockQuery.data?.find((r) => r.materialId === materialId) ??
      materials.data?.find((r) => r.id === materialId);
    return m ? `${m.typeName} / ${m.colorName}` : t("transactions.form.materialNumber", { id: materialId });
  };
  const warehouses = useWarehouses();

  const draftRollIds = useMemo(
    () => (draft?.items ?? []).flatMap((i) => (i.rollId === null ? [] : [i.rollId])),
    [draft],
  );
  const draftRolls = useQuery({
    queryKey: ["rolls", "draft", draftRollIds.join(",")],
    queryFn: () => fetchRollsForLabels(draftRollIds),
    enabled: draftRollIds.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const draftApplied = useRef(false);
  useEffect(() => {
    if (!draft || draftApplied.current) return;
    // Wait for the rolls and materials it names (a failed read fills in what is known).
    if (draftRollIds.length > 0 && draftRolls.isPending) return;
    if (materials.isPending) return;
    draftApplied.current = true;
    clearDraft();
    const rolls = new Map((draftRolls.data ?? []).map((r) => [r.id, r]));
    const types = new Map((materials.data ?? []).map((m) => [m.id, m.typeName]));
    if (draft.warehouseId !== null)
      form.setValue(warehouseField, String(draft.warehouseId), { shouldDirty: true });
    items.replace(
      rowsOfDraft(
        draft,
        (id) => rolls.get(id),
        (id) => types.get(id),
      ),
    );
  }, [
    draft,
    draftRollIds,
    draftRolls.isPending,
    draftRolls.data,
    materials.isPending,
    materials.data,
    form,
    items,
    warehouseField,
  ]);

  /** A scanned roll: an item of it, or the sentence why not (CONTRACT.md section 9). */
  function addScannedRoll(roll: Roll): string | null {
    const current = form.getValues(warehouseField);
    const refusal = scanRefusal(roll, {
      warehouseId: current,
      warehouseName: warehouses.data?.find((w) => String(w.id) === current)?.name,
      rows: form.getValues("items"),
    });
    if (refusal) return refusal;
    if (!current) {
      // No warehouse yet: the roll's. A transfer's destination cannot be the same.
      form.setValue(warehouseField, String(roll.warehouseId), { shouldDirty: true });
      if (kind === "transfer" && form.getValues("destinationWarehouseId") === String(roll.warehouseId))
        form.setValue("destinationWarehouseId", "", { shouldDirty: true });
    }
    const row = rowOfRoll(roll, kind);
    const focusField = focusAfterScan(kind);
    if (focusField) setFocus({ rowId: row.rowId, field: focusField });
    items.append(row, { shouldFocus: false });
    return null;
  }
  // Said above the items, with a link to where they come from (issue 13).
  const nothing =
    mode === "stock"
      ? warehouse && stockQuery.data?.length === 0
        ? "stock"
        : undefined
      : materials.data?.length === 0
        ? "materials"
        : undefined;

  // The half-filled form kept per user and kind (CONTRACT.md section 12); not offered over a
  // transaction started on another screen (Find Fabric, a purchase order's Receive Delivery).
  const fromOrder = new URLSearchParams(useSearch()).has("purchaseOrder");
  const storedDraft = useStoredDraft(kind, form, useMe().data?.user?.id, draft === null && !fromOrder);
  // A half-filled form asks before it is left; the move to the list after saving does not ask.
  const leaveGuard = useLeaveGuard(form.formState.isDirty, storedDraft.forget);
  const { submit, pending, dialog } = useTransactionSubmit(
    kind,
    form,
    lookup,
    () => {
      storedDraft.forget();
      leaveGuard.leave("/transactions");
    },
    materialName,
  );

  function onStockWarehouseChange(field: string, previous: string, next: string) {
    // The rows name stock of the previous warehouse: start over (spec: consumption forms).
    if (mode === "stock" && field === warehouseField && previous && previous !== next) items.replace([]);
  }

  return (
    <>
      <PageHeader
        title={t(`transactions.form.title.${kind}`)}
        description={t(`transactions.form.description.${kind}`)}
      />
      <Form {...form}>
        <form
          noValidate
          onSubmit={(event) => {
            if (!limits.blocked) return submit(event);
            event.preventDefault();
          }}
          onKeyDown={(event) => {
            // Enter in a text field does not save: only the Save button does.
            if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
          }}
          className="flex flex-col gap-6"
        >
          {storedDraft.prompt}
          <HeaderFields kind={kind} onStockWarehouseChange={onStockWarehouseChange} />
          {kind === "receive" ? (
            <Suspense fallback={null}>
              <PurchaseOrderCard onFill={items.replace} />
            </Suspense>
          ) : null}
          <ItemList
            mode={mode}
            items={items}
            choices={mode === "stock" ? stock?.choices : allMaterials}
            stock={mode === "materials" ? undefined : stock}
            pickersDisabled={mode === "stock" && !warehouse}
            nothing={nothing}
            warehouseId={mode === "materials" ? undefined : warehouse}
            limits={limits}
            destinationBin={kind === "transfer"}
            focus={focus}
            onFocusRequest={setFocus}
            scanField={
              scansRolls(kind) ? (
                <Suspense fallback={null}>
                  <ScanRollField onRoll={addScannedRoll} className="max-w-md" />
                </Suspense>
              ) : undefined
            }
          />
          {limits.blocked ? (
            // Why Save is disabled, just above it (the errors themselves are at the rows).
            <p id="save-blocked" className="-mb-3 text-sm text-destructive sm:text-right">
              {t("transactions.form.saveBlocked")}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
            <Button variant="outline" asChild>
              <Link href="/transactions">{t("common.cancel")}</Link>
            </Button>
            <Button
              type="submit"
              disabled={pending || limits.blocked}
              aria-describedby={limits.blocked ? "save-blocked" : undefined}
            >
              {pending ? t("common.saving") : t("transactions.form.save")}
            </Button>
          </div>
        </form>
      </Form>
      {leaveGuard.dialog}
      {dialog}
    </>
  );
}
