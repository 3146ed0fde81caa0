import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import { z } from "zod";
import { InputField, LabelledField } from "../../../components/input-field";
import { PageHeader } from "../../../components/page-header";
import { RecordLinesField } from "../../../components/record-lines-field";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Combobox } from "../../../components/ui/combobox";
import { DatePicker } from "../../../components/ui/date-picker";
import { Form } from "../../../components/ui/form";
import { toast } from "../../../components/ui/use-toast";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { lengthErrorKey, parseTypedLength } from "../../../lib/format";
import { useCurrency } from "../../../lib/money";
import { useCan } from "../../auth/current-user";
import { useMaterialOptions } from "../../materials/api/list-materials";
import { useSuppliers } from "../../suppliers/api/list-suppliers";
import { useWarehouseOptions } from "../../warehouses/api/list-warehouses";
import { useCreatePurchaseOrder } from "../api/create-purchase-order";
import { parseCost } from "./cost-text";

const lineSchema = z.object({
  materialId: z.string().min(1, "purchaseOrders.form.materialRequired"),
  // Checked here, turned into yards on submit (as the order form does: one value type per field).
  yards: z.string().superRefine((text, ctx) => {
    const parsed = parseTypedLength(text);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: lengthErrorKey(parsed.error) });
    else if (parsed.yards <= 0)
      ctx.addIssue({ code: "custom", message: "purchaseOrders.form.yardsPositive" });
  }),
  unitCost: z.string().refine((text) => {
    if (!text.trim()) return true;
    const cost = parseCost(text);
    return cost !== null && cost >= 0;
  }, "purchaseOrders.form.unitCostFormat"),
});
const formSchema = z
  .object({
    supplierId: z.string().min(1, "purchaseOrders.form.supplierRequired"),
    warehouseId: z.string().min(1, "purchaseOrders.form.warehouseRequired"),
    expectedDate: z.string().optional(),
    reference: z.string().max(100),
    lines: z.array(lineSchema).min(1),
  })
  .superRefine((values, ctx) => {
    // The server takes a material once per order: said at the second line before it is sent.
    const seen = new Set<string>();
    values.lines.forEach((line, i) => {
      if (!line.materialId) return;
      if (seen.has(line.materialId))
        ctx.addIssue({
          code: "custom",
          path: ["lines", i, "materialId"],
          message: "purchaseOrders.form.sameMaterial",
        });
      seen.add(line.materialId);
    });
  });
type FormValues = z.infer<typeof formSchema>;

const yardsOf = (text: string) => {
  const parsed = parseTypedLength(text);
  return parsed.ok ? parsed.yards : 0;
};

const emptyLine = { materialId: "", yards: "", unitCost: "" };

/** /purchase-orders/new (admin): supplier, warehouse, expected date, reference and lines of material, length, unit cost. */
export function NewPurchaseOrderForm() {
  const { t } = useT();
  // The server refuses others (403); the screen says so instead of a form that cannot be sent.
  if (!useCan("admin"))
    return (
      <>
        <PageHeader title={t("purchaseOrders.form.title")} />
        <p className="text-sm text-muted-foreground">{t("purchaseOrders.form.adminOnly")}</p>
      </>
    );
  return <PurchaseOrderFormBody />;
}

function PurchaseOrderFormBody() {
  const { t } = useT();
  const [, navigate] = useLocation();
  const materialOptions = useMaterialOptions();
  const warehouseOptions = useWarehouseOptions();
  const suppliers = useSuppliers();
  const currency = useCurrency();
  const create = useCreatePurchaseOrder();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { supplierId: "", warehouseId: "", reference: "", lines: [emptyLine] },
  });
  const supplierOptions = (suppliers.data ?? [])
    .filter((s) => s.isActive)
    .map((s) => ({ value: String(s.id), label: s.name }));

  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        supplierId: Number(values.supplierId),
        warehouseId: Number(values.warehouseId),
        expectedDate: values.expectedDate || undefined,
        reference: values.reference.trim() || undefined,
        lines: values.lines.map((l) => {
          const cost = l.unitCost.trim() ? parseCost(l.unitCost) : null;
          return {
            materialId: Number(l.materialId),
            yards: yardsOf(l.yards),
            ...(cost === null ? {} : { unitCost: cost }),
          };
        }),
      },
      {
        onSuccess: (order) => {
          toast({ title: t("purchaseOrders.form.created", { number: order.number }) });
          navigate(`/purchase-orders/${order.id}`);
        },
        onError: (error) => toast({ variant: "destructive", title: errorMessage(error) }),
      },
    ),
  );

  const combobox = (
    name: "supplierId" | "warehouseId",
    label: string,
    options: { value: string; label: string }[],
    placeholder: string,
  ) => (
    <LabelledField
      control={form.control}
      name={name}
      label={label}
      input={(field) => (
        <Combobox options={options} value={field.value} onChange={field.onChange} placeholder={placeholder} />
      )}
    />
  );

  return (
    <>
      <PageHeader title={t("purchaseOrders.form.title")} />
      <Form {...form}>
        <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-6">
          <Card>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {combobox(
                "supplierId",
                t("purchaseOrders.supplier"),
                supplierOptions,
                t("purchaseOrders.form.chooseSupplier"),
              )}
              {combobox(
                "warehouseId",
                t("purchaseOrders.warehouse"),
                warehouseOptions,
                t("purchaseOrders.form.chooseWarehouse"),
              )}
              <LabelledField
                control={form.control}
                name="expectedDate"
                label={t("purchaseOrders.expectedDate")}
                input={(field) => (
                  <DatePicker
                    value={field.value}
                    onChange={field.onChange}
                    placeholder={t("purchaseOrders.form.noDate")}
                  />
                )}
              />
              <InputField
                control={form.control}
                name="reference"
                label={t("purchaseOrders.reference")}
                maxLength={100}
              />
            </CardContent>
          </Card>
          <RecordLinesField
            control={form.control}
            emptyLine={emptyLine}
            materialOptions={materialOptions}
            words={{
              title: t("purchaseOrders.lines"),
              line: (n) => t("purchaseOrders.form.lineN", { n }),
              material: t("purchaseOrders.material"),
              chooseMaterial: t("purchaseOrders.form.chooseMaterial"),
              ordered: t("purchaseOrders.ordered"),
              removeLine: (n) => t("purchaseOrders.form.removeLine", { n }),
              addLine: t("purchaseOrders.form.addLine"),
            }}
            columns="sm:grid-cols-[minmax(0,1fr)_9rem_9rem_auto]"
            middle={(index) => (
              <InputField
                control={form.control}
                name={`lines.${index}.unitCost`}
                label={t("purchaseOrders.unitCostLabel", { currency })}
                inputMode="decimal"
                autoComplete="off"
                placeholder={t("purchaseOrders.form.optional")}
                className="text-right tabular-nums"
              />
            )}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={create.isPending}>
              {t(create.isPending ? "purchaseOrders.form.saving" : "purchaseOrders.form.save")}
            </Button>
            <Button type="button" variant="outline" onClick={() => navigate("/purchase-orders")}>
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      </Form>
    </>
  );
}
