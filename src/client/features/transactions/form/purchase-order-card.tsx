import { useEffect, useId, useRef } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useSearch } from "wouter";
import type { PurchaseOrder } from "../../../../domain/purchase-order";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { useT } from "../../../i18n";
import { getLocale } from "../../../i18n/store";
import { formatDate } from "../../../lib/format";
import { useCan } from "../../auth/current-user";
import { usePurchaseOrder, usePurchaseOrdersPage } from "../../purchase-orders/api/po-queries";
import { emptyRow, type ItemRowValues, lengthText, type TransactionFormValues } from "./form-model";

const NONE = "none";

/** A unit cost as the form's field takes it: the user's decimal mark, no grouping. */
const costText = (cost: number) =>
  getLocale().language === "id" ? String(cost).replace(".", ",") : String(cost);

/**
 * The items of a purchase order still expected: its material, the yards not yet received and, for
 * admins, the order's unit cost (a clerk's blank cost takes the order's on the server). Each keeps
 * its line id.
 */
export function rowsOfOrder(order: PurchaseOrder, withCost: boolean): ItemRowValues[] {
  return order.lines
    .filter((l) => l.yards > l.receivedYards)
    .map((l) => ({
      ...emptyRow(),
      typeName: l.typeName,
      materialId: String(l.materialId),
      yards: lengthText(Math.round((l.yards - l.receivedYards) * 100) / 100),
      unitCost: withCost && l.unitCost != null ? costText(l.unitCost) : "",
      purchaseOrderLineId: String(l.id),
    }));
}

/**
 * Receive (CONTRACT.md section 16): receive against an open purchase order of the chosen supplier
 * and warehouse; choosing one fills the items from its lines. Opened from an order's screen
 * (?purchaseOrder=ID), the supplier, warehouse and order are chosen already. Admins may allow a
 * receipt beyond the order's tolerance.
 */
export function PurchaseOrderCard({ onFill }: { onFill: (rows: ItemRowValues[]) => void }) {
  const { t } = useT();
  const form = useFormContext<TransactionFormValues>();
  const isAdmin = useCan("admin");
  const selectId = useId();
  const allowId = useId();
  const supplierId = useWatch({ control: form.control, name: "supplierId" });
  const warehouseId = useWatch({ control: form.control, name: "warehouseId" });
  const chosen = useWatch({ control: form.control, name: "purchaseOrderId" }) ?? "";
  const allowOver = useWatch({ control: form.control, name: "allowOver" }) ?? false;
  const filters = { supplier: Number(supplierId) || undefined, warehouse: Number(warehouseId) || undefined };
  const ready = filters.supplier !== undefined && filters.warehouse !== undefined;
  const open = usePurchaseOrdersPage({ ...filters, status: "Open" }, 0, { enabled: ready, fresh: true });
  const partly = usePurchaseOrdersPage({ ...filters, status: "Partly Received" }, 0, {
    enabled: ready,
    fresh: true,
  });
  const orders = ready
    ? [...(partly.data?.rows ?? []), ...(open.data?.rows ?? [])].sort((a, b) => a.id - b.id)
    : [];

  // Opened from an order's screen: its supplier, warehouse and lines, once.
  const fromLink = Number(new URLSearchParams(useSearch()).get("purchaseOrder")) || null;
  const linked = usePurchaseOrder(fromLink, { fresh: true });
  const applied = useRef(false);
  useEffect(() => {
    // What the order still expects now, not what an earlier visit read.
    if (applied.current || !linked.data || linked.isFetching) return;
    applied.current = true;
    const order = linked.data;
    if (order.status !== "Open" && order.status !== "Partly Received") return;
    form.setValue("supplierId", String(order.supplierId), { shouldDirty: true });
    form.setValue("warehouseId", String(order.warehouseId), { shouldDirty: true });
    form.setValue("purchaseOrderId", String(order.id), { shouldDirty: true });
    onFill(rowsOfOrder(order, isAdmin));
  }, [linked.data, linked.isFetching, form, onFill, isAdmin]);

  // Another supplier or warehouse: the chosen order is no longer theirs.
  useEffect(() => {
    // Only against an answer for these filters, as of now.
    if (!chosen || !ready || open.isFetching || partly.isFetching) return;
    if (open.isPlaceholderData || partly.isPlaceholderData) return;
    if (!orders.some((o) => String(o.id) === chosen))
      form.setValue("purchaseOrderId", "", { shouldDirty: true });
  }, [
    chosen,
    ready,
    open.isFetching,
    partly.isFetching,
    open.isPlaceholderData,
    partly.isPlaceholderData,
    orders,
    form,
  ]);

  function choose(value: string) {
    if (value === NONE) {
      form.setValue("purchaseOrderId", "", { shouldDirty: true });
      form.setValue("allowOver", false);
      return;
    }
    const order = orders.find((o) => String(o.id) === value);
    if (!order) return;
    form.setValue("purchaseOrderId", value, { shouldDirty: true });
    onFill(rowsOfOrder(order, isAdmin));
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("purchaseOrders.receive.title")}</CardTitle>
        <CardDescription>{t("purchaseOrders.receive.description")}</CardDescription>
      </CardHeader>
      {/* Tracks of minmax(0, 1fr): a long choice ("No open purchase order for this supplier") is cut
          short in its box on a phone instead of widening the page. */}
      <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-2 sm:col-span-2">
          <Label htmlFor={selectId}>{t("purchaseOrders.receive.label")}</Label>
          <Select value={chosen || NONE} onValueChange={choose} disabled={!ready}>
            <SelectTrigger id={selectId} className="w-full min-w-0 overflow-hidden">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NONE}>
                {ready
                  ? orders.length === 0 && !open.isPending
                    ? t("purchaseOrders.receive.noneOpen")
                    : t("purchaseOrders.receive.none")
                  : t("purchaseOrders.receive.chooseFirst")}
              </SelectItem>
              {orders.map((o) => (
                <SelectItem key={o.id} value={String(o.id)}>
                  {o.expectedDate
                    ? t("purchaseOrders.receive.optionExpected", {
                        number: o.number,
                        count: o.lines.length,
                        date: formatDate(o.expectedDate),
                      })
                    : t("purchaseOrders.receive.option", { number: o.number, count: o.lines.length })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {isAdmin && chosen ? (
          <div className="flex items-start gap-2 text-sm sm:col-span-2 lg:col-span-3">
            <input
              type="checkbox"
              id={allowId}
              checked={allowOver}
              onChange={(e) => form.setValue("allowOver", e.target.checked, { shouldDirty: true })}
              className="mt-0.5 size-4"
            />
            <Label htmlFor={allowId} className="font-normal">
              {t("purchaseOrders.receive.allowOver")}
            </Label>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
