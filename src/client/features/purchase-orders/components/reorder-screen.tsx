import { ArrowLeftIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LengthInput } from "../../../components/length-field";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Combobox } from "../../../components/ui/combobox";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { formatLength, lengthToText, lengthUnitSymbol, parseTypedLength } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import { useSuppliers } from "../../suppliers/api/list-suppliers";
import { useCreateReorderedOrders } from "../api/create-reordered-orders";
import { useReorderDrafts } from "../api/po-queries";
import { type DraftState, draftInput, draftStates, lineYards } from "./reorder-model";

/**
 * /purchase-orders/reorder[?warehouse=ID] (admin, from Low Stock): the draft purchase orders, one
 * per supplier and warehouse; the yards of each line can be changed and lines removed before
 * "Create purchase orders" sends each draft as an order. Nothing is stored until then.
 */
export function ReorderScreen() {
  const { t } = useT();
  const [, navigate] = useLocation();
  const warehouse = Number(new URLSearchParams(useSearch()).get("warehouse")) || undefined;
  const query = useReorderDrafts(warehouse);
  const [drafts, setDrafts] = useState<DraftState[] | null>(null);
  const [tried, setTried] = useState(false);
  const create = useCreateReorderedOrders();
  useEffect(() => {
    if (query.data && drafts === null) setDrafts(draftStates(query.data, lengthToText));
  }, [query.data, drafts]);

  const update = (key: string, change: (d: DraftState) => DraftState) =>
    setDrafts((all) =>
      (all ?? []).map((d) => (d.key === key ? change(d) : d)).filter((d) => d.lines.length > 0),
    );

  async function createAll() {
    if (!drafts) return;
    setTried(true);
    const inputs = drafts.map((d) => draftInput(d, parseTypedLength));
    if (inputs.some((i) => i === null)) return;
    const { made, failed } = await create.mutateAsync(inputs.filter((i) => i !== null));
    const numbers = made.map((o) => o.number).join(", ");
    if (made.length > 0) toast({ title: t("purchaseOrders.reorder.created", { numbers }) });
    if (!failed) {
      navigate("/purchase-orders");
      return;
    }
    // The orders made so far stay made: the screen keeps only the drafts still to send.
    setDrafts(drafts.slice(failed.index));
    toast({ variant: "destructive", title: errorMessage(failed.error) });
  }

  return (
    <>
      <PageHeader
        title={t("purchaseOrders.reorder.title")}
        description={t("purchaseOrders.reorder.description")}
        actions={
          <Button variant="outline" asChild>
            <Link href="/reports/low-stock">
              <ArrowLeftIcon aria-hidden="true" />
              {t("purchaseOrders.reorder.back")}
            </Link>
          </Button>
        }
      />
      {query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error)}
        </p>
      ) : drafts === null ? (
        <Skeleton className="h-64 w-full" />
      ) : drafts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("purchaseOrders.reorder.nothing")}</p>
      ) : (
        <div className="flex flex-col gap-6">
          {drafts.map((draft) => (
            <DraftCard
              key={draft.key}
              draft={draft}
              showErrors={tried}
              onChange={(c) => update(draft.key, c)}
            />
          ))}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link href="/reports/low-stock">{t("common.cancel")}</Link>
            </Button>
            <Button onClick={() => void createAll()} disabled={create.isPending}>
              {create.isPending
                ? t("purchaseOrders.form.saving")
                : t("purchaseOrders.reorder.create", { count: drafts.length })}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

function DraftCard({
  draft,
  showErrors,
  onChange,
}: {
  draft: DraftState;
  showErrors: boolean;
  onChange: (change: (d: DraftState) => DraftState) => void;
}) {
  const { t } = useT();
  const money = useMoney();
  const suppliers = useSuppliers();
  const unit = lengthUnitSymbol();
  const supplierId = `supplier-${draft.key}`;
  const supplierOptions = (suppliers.data ?? [])
    .filter((s) => s.isActive)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const title = draft.supplierName ?? t("purchaseOrders.reorder.noSupplier");
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {t("purchaseOrders.reorder.draftTitle", { supplier: title, warehouse: draft.warehouseName })}
        </CardTitle>
        {draft.supplierName === null ? (
          <CardDescription>{t("purchaseOrders.reorder.noSupplierText")}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-2 sm:px-5">
        {draft.supplierName === null ? (
          <div className="grid max-w-sm gap-2 px-2 sm:px-0">
            <Label htmlFor={supplierId}>{t("purchaseOrders.supplier")}</Label>
            <Combobox
              id={supplierId}
              options={supplierOptions}
              value={draft.supplierId}
              onChange={(value) => onChange((d) => ({ ...d, supplierId: value }))}
              placeholder={t("purchaseOrders.form.chooseSupplier")}
            />
            {showErrors && !draft.supplierId ? (
              <p className="text-sm text-destructive">{t("purchaseOrders.form.supplierRequired")}</p>
            ) : null}
          </div>
        ) : null}
        <Table aria-label={title}>
          <TableHeader>
            <TableRow>
              <TableHead>{t("purchaseOrders.material")}</TableHead>
              <TableHead className="text-right max-sm:hidden">
                {t("purchaseOrders.reorder.availableHeader", { unit })}
              </TableHead>
              <TableHead className="text-right max-sm:hidden">
                {t("purchaseOrders.onOrderHeader", { unit })}
              </TableHead>
              <TableHead className="text-right max-sm:hidden">
                {t("purchaseOrders.reorder.pointHeader", { unit })}
              </TableHead>
              <TableHead className="w-36">{t("purchaseOrders.orderedHeader", { unit })}</TableHead>
              <TableHead className="w-10">
                <span className="sr-only">{t("purchaseOrders.reorder.removeHeader")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {draft.lines.map((line, index) => {
              const name = `${line.typeName} · ${line.colorName}`;
              const yards = lineYards(line, parseTypedLength);
              const error = showErrors && typeof yards !== "number" ? yards.error : null;
              const inputId = `yards-${draft.key}-${line.materialId}`;
              return (
                <TableRow key={line.materialId}>
                  <TableCell className="min-w-32 whitespace-normal">
                    {name}
                    {line.unitCost != null ? (
                      <span className="block text-xs text-muted-foreground">
                        {t("purchaseOrders.reorder.lastCost", {
                          cost: money(line.unitCost, { unitCost: true }),
                        })}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums max-sm:hidden">
                    {formatLength(line.availableYards)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums max-sm:hidden">
                    {formatLength(line.onOrderYards)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums max-sm:hidden">
                    {formatLength(line.reorderPointYards)}
                  </TableCell>
                  <TableCell>
                    <LengthInput
                      id={inputId}
                      aria-label={t("purchaseOrders.reorder.yardsOf", { material: name, unit })}
                      aria-invalid={error ? true : undefined}
                      value={line.yardsText}
                      className="min-w-24 text-right"
                      onChange={(e) => {
                        const text = e.target.value;
                        onChange((d) => ({
                          ...d,
                          lines: d.lines.map((l, at) => (at === index ? { ...l, yardsText: text } : l)),
                        }));
                      }}
                    />
                    {error ? <p className="mt-1 text-xs text-destructive">{t(error)}</p> : null}
                  </TableCell>
                  <TableCell>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t("purchaseOrders.reorder.removeLine", { material: name })}
                      onClick={() =>
                        onChange((d) => ({ ...d, lines: d.lines.filter((_, at) => at !== index) }))
                      }
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
